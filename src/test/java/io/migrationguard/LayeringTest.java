package io.migrationguard;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The floors of the house (docs/architecture.md#the-floors), read from the compiled main classes.
 *
 * <ul>
 *   <li>Top, the doors: {@code cli} (lint, explain, export), {@code webhook}, {@code audit}. No
 *       door uses another; only {@code Main} and the service's preflight, in the root package, see
 *       them all.
 *   <li>Middle, what several doors share: {@code judge} (checking located documents and stored
 *       objects), {@code report} (results and their formats), {@code manifest} (reading files with
 *       positions), {@code cluster} (caches, Leases, lookups, the engine of the release in force),
 *       {@code export} (admission-policy generation).
 *   <li>Ground: {@code core}, the pure engine: no framework, no Kubernetes client.
 * </ul>
 *
 * And no two packages depend on each other in a circle, core's included.
 */
@AnalyzeClasses(
    packages = "io.migrationguard",
    importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {
  @ArchTest
  static final ArchRule FLOORS =
      layeredArchitecture()
          .consideringOnlyDependenciesInLayers()
          .layer("Entry")
          .definedBy("io.migrationguard")
          .layer("Cli")
          .definedBy("io.migrationguard.cli..")
          .layer("Webhook")
          .definedBy("io.migrationguard.webhook..")
          .layer("Audit")
          .definedBy("io.migrationguard.audit..")
          .layer("Judge")
          .definedBy("io.migrationguard.judge..")
          .layer("Report")
          .definedBy("io.migrationguard.report..")
          .layer("Manifest")
          .definedBy("io.migrationguard.manifest..")
          .layer("Cluster")
          .definedBy("io.migrationguard.cluster..")
          .layer("Export")
          .definedBy("io.migrationguard.export..")
          .layer("Core")
          .definedBy("io.migrationguard.core..")
          .whereLayer("Entry")
          .mayNotBeAccessedByAnyLayer()
          .whereLayer("Cli")
          .mayOnlyBeAccessedByLayers("Entry")
          .whereLayer("Webhook")
          .mayOnlyBeAccessedByLayers("Entry")
          .whereLayer("Audit")
          .mayOnlyBeAccessedByLayers("Entry")
          .whereLayer("Judge")
          .mayOnlyBeAccessedByLayers("Cli", "Audit")
          .whereLayer("Report")
          .mayOnlyBeAccessedByLayers("Entry", "Cli", "Audit", "Judge")
          .whereLayer("Manifest")
          .mayOnlyBeAccessedByLayers("Cli", "Judge", "Report")
          .whereLayer("Cluster")
          .mayOnlyBeAccessedByLayers("Entry", "Cli", "Webhook", "Audit", "Judge")
          .whereLayer("Export")
          .mayOnlyBeAccessedByLayers("Entry", "Cli", "Webhook")
          .whereLayer("Core")
          .mayOnlyBeAccessedByLayers(
              "Entry",
              "Cli",
              "Webhook",
              "Audit",
              "Judge",
              "Report",
              "Manifest",
              "Cluster",
              "Export");

  /** Every package its own slice: a cycle between any two packages fails, core's included. */
  @ArchTest
  static final ArchRule NO_PACKAGE_CYCLES =
      slices().matching("io.migrationguard.(**)").should().beFreeOfCycles();

  /**
   * The engine stays plain Java, so the lint, the webhook and the audit run the same code and its
   * tests need no server. zjsonpatch, a plain Jackson library that only ships under fabric8's name,
   * is the one fabric8 package allowed.
   */
  @ArchTest
  static final ArchRule CORE_IS_PURE =
      noClasses()
          .that()
          .resideInAPackage("io.migrationguard.core..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.quarkus..",
              "jakarta..",
              "javax.inject..",
              "io.vertx..",
              "io.smallrye..",
              "io.micrometer..",
              "io.fabric8.kubernetes..",
              "io.fabric8.openshift..");
}
