package io.migrationguard.judge;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.migrationguard.cluster.ApiResource;
import io.migrationguard.core.cluster.FeatureGates;
import io.migrationguard.core.cluster.StoredProjection;
import io.migrationguard.core.model.Kind;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * The objects a cluster stores, judged in two passes in bounded memory: {@code lint --cluster}
 * ({@link ClusterRun}) and the in-cluster audit ({@link StoredObjects}) both run through here.
 *
 * <p>Pass 1 lists every MigrationPolicy, then every migration, in pages of {@value #PAGE} ({@code
 * limit}/{@code continue}) and keeps of each object only what the cross-object rules read, its
 * {@link StoredProjection}: every policy, and the migrations not yet Succeeded or Failed. No
 * cross-object rule counts a finished migration: {@code vmim-no-inflight} skips final phases,
 * {@code vmim-will-queue} counts only running ones (and needs {@code MIGRATION_QUEUE}, which this
 * view does not answer), the policy rules read policies only. Pass 2 lists both kinds again and
 * judges each page's objects, full, against that view; each result goes to the outputs at once and
 * is dropped. What is held at any time: one page of full objects (and what judging them makes), the
 * projections (a few hundred bytes each), and what the outputs keep.
 *
 * <p>The rules exclude the judged object from the objects they compare it with by name (and sort
 * those by name), so the view holding the object's own pass-1 projection, not the object, changes
 * nothing.
 *
 * <p>The two passes are two listings, so they can see two states of the cluster (a real API server
 * serves each paged list from one snapshot: the {@code continue} token pins its resource version;
 * when the token expires, the list fails with 410 and the run says so). An object created between
 * the passes is judged, but no other object is compared with it; one deleted between them is not
 * judged, yet the others are still compared with its projection (a duplicate reported against a
 * policy just deleted); one changed between them is judged as pass 2 read it and compared with as
 * pass 1 read it. A run judges the cluster within the window of its two listings; the next run sees
 * the change.
 */
public final class StoredJudge {
  /** Objects per page, in both passes. */
  public static final int PAGE = 500;

  /** The kinds judged, in the order of both passes. */
  public static final List<ApiResource> KINDS = List.of(ApiResource.POLICY, ApiResource.VMIM);

  private StoredJudge() {}

  /** Lists one kind page by page, in the API server's order. */
  @FunctionalInterface
  public interface Lister {
    /**
     * Calls {@code page} with each page of {@code r}, one after the other; a page is not kept once
     * its call returns.
     *
     * @throws KubernetesClientException when a page cannot be read
     */
    void pages(ApiResource r, Consumer<List<GenericKubernetesResource>> page);
  }

  /**
   * How each request of a listing is made: {@link #DIRECT}, or through a command's budget of time
   * and size. Whatever it throws other than {@link KubernetesClientException} ends the listing and
   * the passes.
   */
  public interface Calls {
    <T> T call(java.util.function.Supplier<T> request);
  }

  /** Each request as it is. */
  public static final Calls DIRECT =
      new Calls() {
        @Override
        public <T> T call(java.util.function.Supplier<T> request) {
          return request.get();
        }
      };

  /** What a listing that failed does: record it and go on, or throw to end the run. */
  @FunctionalInterface
  public interface Failure {
    void failed(ApiResource r, KubernetesClientException e);
  }

  /** An object that takes part in the cross-object rules, before it is projected. */
  public record Taking(Kind kind, JsonNode object) {}

  /** What pass 1 found: the view, how many objects it listed and holds, the kinds not read. */
  public record Held(ManifestView view, int listed, int held, Set<ApiResource> unread) {}

  /**
   * The API server's listing through {@code client}: pages of {@code pageSize}, the migrations of
   * {@code namespace} (null: of every namespace), every other kind of every namespace. Objects keep
   * everything the API server served.
   */
  public static Lister lister(KubernetesClient client, String namespace, int pageSize) {
    return lister(client, namespace, pageSize, DIRECT);
  }

  /**
   * {@link #lister(KubernetesClient, String, int)} with each page's request made by {@code calls}.
   */
  public static Lister lister(
      KubernetesClient client, String namespace, int pageSize, Calls calls) {
    return (r, each) -> {
      String cont = null;
      do {
        var op = client.genericKubernetesResources(r.context());
        var options =
            new ListOptionsBuilder().withLimit((long) pageSize).withContinue(cont).build();
        GenericKubernetesResourceList page =
            calls.call(
                () ->
                    namespace != null && r == ApiResource.VMIM
                        ? op.inNamespace(namespace).list(options)
                        : r.namespaced() ? op.inAnyNamespace().list(options) : op.list(options));
        cont = page.getMetadata() == null ? null : page.getMetadata().getContinue();
        each.accept(page.getItems());
      } while (cont != null && !cont.isEmpty());
    };
  }

  /**
   * Pass 1: lists {@link #KINDS} and keeps the projections of what {@code takesPart} admits of each
   * page (the full trees it returns are dropped with the page).
   */
  public static Held firstPass(
      Lister lister,
      FeatureGates gates,
      BiFunction<ApiResource, List<GenericKubernetesResource>, List<Taking>> takesPart,
      Failure failure) {
    ManifestView view = new ManifestView(gates, true);
    int[] counts = new int[2];
    Set<ApiResource> unread = new HashSet<>();
    for (ApiResource r : KINDS) {
      try {
        lister.pages(
            r,
            page -> {
              counts[0] += page.size();
              // A finished migration is never counted: not even rendered or parsed in this pass.
              List<GenericKubernetesResource> part =
                  r == ApiResource.VMIM
                      ? page.stream().filter(item -> !finished(item)).toList()
                      : page;
              for (Taking t : takesPart.apply(r, part)) {
                if (t.kind() == Kind.POLICY) {
                  view.add(Kind.POLICY, StoredProjection.policy(t.object()));
                } else if (!StoredProjection.finished(t.object())) {
                  view.add(Kind.VMIM, StoredProjection.migration(t.object()));
                } else {
                  continue;
                }
                counts[1]++;
              }
            });
      } catch (KubernetesClientException e) {
        unread.add(r);
        failure.failed(r, e);
      }
    }
    return new Held(view, counts[0], counts[1], Set.copyOf(unread));
  }

  /** Pass 2: lists {@link #KINDS} again (but those pass 1 could not read) and judges each page. */
  public static void secondPass(
      Lister lister,
      Held held,
      BiConsumer<ApiResource, List<GenericKubernetesResource>> judge,
      Failure failure) {
    for (ApiResource r : KINDS) {
      if (held.unread().contains(r)) {
        continue; // said once, in pass 1
      }
      try {
        lister.pages(r, page -> judge.accept(r, page));
      } catch (KubernetesClientException e) {
        failure.failed(r, e);
      }
    }
  }

  /** Whether a listed migration is Succeeded or Failed ({@link StoredProjection#finished}). */
  public static boolean finished(GenericKubernetesResource item) {
    Object status = item.getAdditionalProperties().get("status");
    Object phase = status instanceof Map<?, ?> m ? m.get("phase") : null;
    return "Succeeded".equals(phase) || "Failed".equals(phase);
  }

  /** The kind of the objects listed as {@code r}. */
  public static Kind kind(ApiResource r) {
    return r == ApiResource.POLICY ? Kind.POLICY : Kind.VMIM;
  }
}
