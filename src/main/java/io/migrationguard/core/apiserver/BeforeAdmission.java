package io.migrationguard.core.apiserver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationguard.core.model.CauseType;
import io.migrationguard.core.model.FieldPath;
import io.migrationguard.core.model.Finding;
import io.migrationguard.core.model.Kind;
import io.migrationguard.core.model.Operation;
import io.migrationguard.core.model.Review;
import io.migrationguard.core.model.Severity;
import io.migrationguard.core.schema.ReleaseSchemas;
import io.migrationguard.core.schema.Shape;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the Kubernetes API server does to an object before any admission webhook sees it, done in
 * one place so both doors judge the object a cluster would judge
 * (docs/architecture.md#what-the-api-server-does-first):
 *
 * <ol>
 *   <li>served versions are converted to the one the rules are written for ({@code
 *       kubevirt.io/v1alpha3} migrations become {@code kubevirt.io/v1}, as a webhook registered
 *       with {@code matchPolicy: Equivalent} receives them);
 *   <li>a {@code null} in a field whose schema is not nullable is dropped (apiextensions' {@code
 *       PruneNonNullableNullsWithoutDefaults}: object properties and map values, not array
 *       elements);
 *   <li>the namespace of a cluster-scoped object is cleared ({@code
 *       EnsureObjectNamespaceMatchesRequestNamespace});
 *   <li>after the schema has reported them, unknown fields are pruned ({@link #prune}).
 * </ol>
 *
 * Each change to the object under review is reported as a warning with its field path (the lint
 * shows them; a real API server has already made them, so a webhook rarely sees one). The old
 * object of an UPDATE gets the same treatment silently: it is the stored object.
 */
public final class BeforeAdmission {
  public static final String DEPRECATED_VERSION = "deprecated-version";
  public static final String DROPPED_NULL = "dropped-null";
  public static final String METADATA_NAMESPACE = "metadata-namespace";

  private static final List<String> METADATA_MAPS = List.of("labels", "annotations");

  private BeforeAdmission() {}

  /**
   * The review with the object as the API server would pass it on, and the changes made to it.
   *
   * @param review the review as received
   * @param changes one warning per change made to {@code review.object()}
   */
  public record Prepared(Review review, List<Finding> changes) {}

  /**
   * What is known of a review's two objects before anything else is walked: whether each holds no
   * null to drop and no unknown field to prune ({@link #untouched}, or because it passes the schema
   * as it is: its {@code type} and {@code additionalProperties} would refuse them).
   */
  public record Known(boolean objectClean, boolean oldClean) {
    /** Nothing known: every walk is made. */
    public static final Known NOTHING = new Known(false, false);
  }

  /** Whether neither pruning would change {@code object} (one walk, no value checks). */
  public static boolean untouched(ReleaseSchemas schemas, Kind kind, JsonNode object) {
    return object != null && Pruning.untouched(object, schemas.shape(kind));
  }

  /**
   * {@link #untouched} for the stored object of an update, whose {@code status} and {@code
   * metadata.managedFields} no rule compares: they are skipped (most of a stored migration's size).
   */
  public static boolean untouchedForComparison(ReleaseSchemas schemas, Kind kind, JsonNode old) {
    if (!(old instanceof ObjectNode obj)) {
      return false;
    }
    Shape shape = schemas.shape(kind);
    for (Map.Entry<String, JsonNode> e : obj.properties()) {
      String name = e.getKey();
      if (name.equals("status")) {
        continue;
      }
      Shape child = shape.field(name);
      if (child == null) {
        return false;
      }
      if (e.getValue().isNull()) {
        if (!child.nullable()) {
          return false;
        }
      } else if (name.equals("metadata") && e.getValue() instanceof ObjectNode meta) {
        for (Map.Entry<String, JsonNode> m : meta.properties()) {
          Shape field = child.field(m.getKey());
          if (!m.getKey().equals("managedFields") && !Pruning.fieldUntouched(m.getValue(), field)) {
            return false;
          }
        }
      } else if (!Pruning.untouched(e.getValue(), child)) {
        return false;
      }
    }
    return true;
  }

  /** Steps 1-3: conversion, non-nullable nulls, the namespace of a cluster-scoped kind. */
  public static Prepared prepare(ReleaseSchemas schemas, Review review) {
    return prepare(schemas, review, Known.NOTHING);
  }

  /** Steps 1-3, skipping the walks that {@code known} makes needless. */
  public static Prepared prepare(ReleaseSchemas schemas, Review review, Known known) {
    List<Finding> changes = new ArrayList<>(0);
    Shape shape = schemas.shape(review.kind());
    JsonNode object =
        prepareObject(review.kind(), shape, review.object(), changes, known.objectClean());
    JsonNode old =
        review.oldObject() == null
            ? null
            : prepareObject(
                review.kind(), shape, review.oldObject(), new ArrayList<>(0), known.oldClean());
    if (object == review.object() && old == review.oldObject()) {
      return new Prepared(review, changes);
    }
    return new Prepared(with(review, object, old), changes);
  }

  /**
   * The status the schema judges, for kinds with a status subresource (both of ours): none, except
   * a new migration's. A CREATE of the main resource cannot set {@code status} (it is removed) and
   * an UPDATE cannot change it (the stored one is kept, and an unchanged stored value is not judged
   * again, as CRD validation ratcheting does not); but KubeVirt's own mutating webhook checks a new
   * migration's whole object against its schema first, status included. Silent: status written in a
   * manifest is common ({@code kubectl get -o yaml}) and always ignored.
   */
  public static Review statusForSchema(Review review) {
    if (review.operation() == Operation.CREATE && review.kind() == Kind.VMIM) {
      return review;
    }
    if (!(review.object() instanceof ObjectNode obj) || obj.get("status") == null) {
      return review;
    }
    ObjectNode copy = obj.objectNode();
    copy.setAll(obj);
    copy.remove("status");
    return with(review, copy, review.oldObject());
  }

  /**
   * The status the rules see: none on CREATE, the stored one on UPDATE (the main resource's create
   * and update strategies run before validating webhooks; mutating webhooks see the status sent).
   */
  public static Review mainResourceStatus(Review review) {
    if (!(review.object() instanceof ObjectNode obj)) {
      return review;
    }
    JsonNode now = obj.get("status");
    JsonNode stored = review.oldObject() == null ? null : review.oldObject().get("status");
    if (now == null && stored == null || now != null && now.equals(stored)) {
      return review; // nothing to change (the common update: status untouched)
    }
    // A shallow copy: the trees are only read from here on (a pruning or a defaulter copies first).
    ObjectNode copy = obj.objectNode();
    copy.setAll(obj);
    if (stored == null) {
      copy.remove("status");
    } else {
      copy.set("status", stored);
    }
    return with(review, copy, review.oldObject());
  }

  /** Step 4: the review with the unknown fields of both objects removed. */
  public static Review prune(ReleaseSchemas schemas, Review review) {
    return prune(schemas, review, Known.NOTHING);
  }

  /**
   * Step 4, skipping the objects {@code known} says are clean (a clean object given the stored
   * status is clean only when the stored object is).
   */
  public static Review prune(ReleaseSchemas schemas, Review review, Known known) {
    Shape shape = schemas.shape(review.kind());
    boolean objectClean = known.objectClean() && (review.oldObject() == null || known.oldClean());
    JsonNode object =
        objectClean ? review.object() : Pruning.withoutUnknown(review.object(), shape);
    JsonNode old =
        review.oldObject() == null || known.oldClean()
            ? review.oldObject()
            : Pruning.withoutUnknown(review.oldObject(), shape);
    return object == review.object() && old == review.oldObject()
        ? review
        : with(review, object, old);
  }

  private static JsonNode prepareObject(
      Kind kind, Shape shape, JsonNode object, List<Finding> changes, boolean clean) {
    if (!(object instanceof ObjectNode obj)) {
      return object;
    }
    ObjectNode copy = null;
    JsonNode apiVersion = obj.get("apiVersion");
    if (apiVersion != null
        && apiVersion.isTextual()
        && !apiVersion.textValue().equals(kind.apiVersion())
        && kind.servesApiVersion(apiVersion.textValue())) {
      changes.add(
          warning(
              DEPRECATED_VERSION,
              FieldPath.of("apiVersion"),
              apiVersion,
              apiVersion.textValue()
                  + " is deprecated: judged as "
                  + kind.apiVersion()
                  + ", the version the API server converts it to; write "
                  + kind.apiVersion()));
      copy = obj.deepCopy();
      copy.put("apiVersion", kind.apiVersion());
    }
    // Metadata is decoded into ObjectMeta, not pruned: a null label or annotation value becomes "".
    for (String map : METADATA_MAPS) {
      JsonNode values = obj.path("metadata").path(map);
      if (values.isObject()) {
        for (Map.Entry<String, JsonNode> e : values.properties()) {
          if (e.getValue().isNull()) {
            copy = copy == null ? obj.deepCopy() : copy;
            ((ObjectNode) copy.get("metadata").get(map)).put(e.getKey(), "");
            changes.add(
                warning(
                    DROPPED_NULL,
                    FieldPath.of("metadata", map).key(e.getKey()),
                    null,
                    "null becomes \"\": the API server decodes metadata into ObjectMeta"));
          }
        }
      }
    }
    JsonNode current = copy == null ? obj : copy;
    List<Pruning.Null> nulls = clean ? List.of() : Pruning.nonNullableNulls(current, shape);
    if (!nulls.isEmpty()) {
      copy = copy == null ? obj.deepCopy() : copy;
      for (Pruning.Null n : nulls) {
        Pruning.remove(copy, n.pointer());
        changes.add(
            warning(
                DROPPED_NULL,
                n.path(),
                null,
                "null is dropped: the field is not nullable, so the API server removes it"
                    + " (the same as leaving it out)"));
      }
    }
    JsonNode namespace = obj.path("metadata").get("namespace");
    if (!kind.namespaced()
        && namespace != null
        && namespace.isTextual()
        && !namespace.textValue().isEmpty()) {
      copy = copy == null ? obj.deepCopy() : copy;
      ((ObjectNode) copy.get("metadata")).remove("namespace");
      changes.add(
          warning(
              METADATA_NAMESPACE,
              FieldPath.of("metadata", "namespace"),
              namespace,
              "ignored: "
                  + kind.kindName()
                  + " is cluster-scoped; the API server clears the namespace"));
    }
    return copy == null ? object : copy;
  }

  private static Review with(Review r, JsonNode object, JsonNode old) {
    return new Review(
        r.kind(), r.operation(), object, old, r.namespace(), r.requester(), r.fieldValidation());
  }

  private static Finding warning(String rule, FieldPath path, JsonNode value, String detail) {
    return new Finding(
        rule,
        Severity.WARNING,
        CauseType.INVALID,
        path,
        value == null ? JsonNodeFactory.instance.nullNode() : value,
        detail);
  }
}
