package io.migrationguard.cluster;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.quarkus.kubernetes.client.KubernetesClientObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * The service's Kubernetes client skips {@code metadata.managedFields} when it decodes what the API
 * server sends. Nothing here reads them (the caches project them away, the audit renders objects
 * without them), yet as decoded objects they were about a third of a listed migration's transient
 * heap: a 50,000-migration list decodes them 50,000 times. Writes are unaffected: an update that
 * carries no managedFields leaves the stored ones as they are (apiserver's fieldmanager).
 */
@Singleton
public class ManagedFieldsSkipped implements KubernetesClientObjectMapperCustomizer {
  @Override
  public void customize(ObjectMapper mapper) {
    mapper.addMixIn(ObjectMeta.class, WithoutManagedFields.class);
  }

  @JsonIgnoreProperties(value = "managedFields", allowGetters = false, allowSetters = false)
  private abstract static class WithoutManagedFields {}
}
