package io.migrationguard.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import io.fabric8.kubernetes.client.informers.cache.ItemStore;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The informer's item store, which also keeps each object as the JSON tree the engine reads. The
 * conversion happens once, when the informer stores an event (on its own thread), so a review never
 * pays for it and always sees a tree that matches the informer's state.
 */
final class JsonItemStore implements ItemStore<GenericKubernetesResource> {
  private record Item(GenericKubernetesResource object, JsonNode json) {}

  private final Map<String, Item> items = new ConcurrentHashMap<>();
  private final KubernetesSerialization serialization;

  JsonItemStore(KubernetesSerialization serialization) {
    this.serialization = serialization;
  }

  /** The JSON tree stored under {@code key}, or null. */
  JsonNode json(String key) {
    Item item = items.get(key);
    return item == null ? null : item.json();
  }

  /** Every stored tree. */
  Stream<JsonNode> jsonValues() {
    return items.values().stream().map(Item::json);
  }

  @Override
  public String getKey(GenericKubernetesResource obj) {
    return Cache.metaNamespaceKeyFunc(obj);
  }

  @Override
  public GenericKubernetesResource put(String key, GenericKubernetesResource obj) {
    // Trees are shared with every concurrent review: never mutate one after this point.
    JsonNode json = serialization.convertValue(obj, JsonNode.class);
    Item old = items.put(key, new Item(obj, json));
    return old == null ? null : old.object();
  }

  @Override
  public GenericKubernetesResource remove(String key) {
    Item old = items.remove(key);
    return old == null ? null : old.object();
  }

  @Override
  public Stream<String> keySet() {
    return items.keySet().stream();
  }

  @Override
  public Stream<GenericKubernetesResource> values() {
    return items.values().stream().map(Item::object);
  }

  @Override
  public int size() {
    return items.size();
  }

  @Override
  public GenericKubernetesResource get(String key) {
    Item item = items.get(key);
    return item == null ? null : item.object();
  }
}
