package io.migrationguard.judge;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationguard.core.cluster.ClusterView;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.cluster.Lookup;
import io.migrationguard.core.cluster.PolicyIndex;
import io.migrationguard.core.cluster.StoredProjection;
import io.migrationguard.core.cluster.Views;
import io.migrationguard.core.model.Kind;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The lint's {@link ClusterView}: the cluster as the input set describes it. Policies are the
 * MigrationPolicies of the input, migrations the VirtualMachineInstanceMigrations of a namespace,
 * feature gates those of {@code --kubevirt}. VirtualMachineInstances are not in manifests, so
 * {@link Lookup#VMI} is unsupported and the rules that need it are reported as not checked.
 *
 * <p>Fill it, then ask {@link #forObject} for the view one object is checked against: it never
 * contains the object itself (in a cluster the object under review is not stored yet, or only as
 * its old version), even when it has no name, and it holds only the objects the cross-document
 * rules can fire on for it ({@link PolicyIndex}, {@link MigrationIndex}), so a large input set is
 * not compared pairwise. Read concurrently once filled.
 */
public final class ManifestView implements ClusterView {
  private static final Set<Lookup> SUPPORTED =
      EnumSet.of(Lookup.POLICIES, Lookup.MIGRATIONS, Lookup.FEATURE_GATES);

  private final PolicyIndex policies = new PolicyIndex();
  private final MigrationIndex migrations = new MigrationIndex();
  private final FeatureGates gates;
  private final boolean stored;

  /** A view of files: every object is one to be created. */
  public ManifestView(FeatureGates gates) {
    this(gates, false);
  }

  /**
   * @param stored the objects are as a cluster stores them ({@code lint --cluster}, {@code lint
   *     --stored}, the audit): a Succeeded or Failed migration is history, compared with no other
   *     migration (it was admitted when it was created; what is in flight now says nothing about
   *     it), as no other is compared with it
   */
  public ManifestView(FeatureGates gates, boolean stored) {
    this.gates = gates;
    this.stored = stored;
  }

  /** Adds one object of the input set (before any {@link #forObject}). */
  public void add(Kind kind, JsonNode object) {
    if (kind == Kind.POLICY) {
      policies.add(object);
    } else {
      migrations.add(object);
    }
  }

  /** The view {@code self} is checked against. */
  ClusterView forObject(Kind kind, JsonNode self) {
    return new ForObject(kind, self);
  }

  @Override
  public Set<Lookup> supports() {
    return SUPPORTED;
  }

  @Override
  public List<JsonNode> migrations(String namespace) {
    return migrations.all(namespace == null ? "" : namespace);
  }

  @Override
  public List<JsonNode> migrationPolicies() {
    return policies.all();
  }

  @Override
  public FeatureGates featureGates() {
    return gates;
  }

  /** The input set as one object sees it. */
  private final class ForObject implements ClusterView {
    private final Kind kind;
    private final JsonNode self;

    ForObject(Kind kind, JsonNode self) {
      this.kind = kind;
      this.self = self;
    }

    @Override
    public Set<Lookup> supports() {
      return SUPPORTED;
    }

    @Override
    public List<JsonNode> migrations(String namespace) {
      String ns = namespace == null ? "" : namespace;
      if (stored && kind == Kind.VMIM && StoredProjection.finished(self)) {
        return List.of();
      }
      if (kind == Kind.VMIM && ns.equals(MigrationIndex.namespace(self))) {
        return migrations.candidates(self);
      }
      return Views.without(migrations.all(ns), self);
    }

    @Override
    public List<JsonNode> migrationPolicies() {
      return kind == Kind.POLICY ? policies.candidates(self) : Views.without(policies.all(), self);
    }

    @Override
    public FeatureGates featureGates() {
      return gates;
    }
  }
}
