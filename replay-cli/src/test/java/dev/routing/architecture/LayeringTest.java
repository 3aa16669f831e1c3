package dev.routing.architecture;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.time.Clock;
import java.time.InstantSource;

/**
 * The package rules of docs/architecture.md, checked on the main classes of every module
 * (replay-cli's tests see them all). Dependencies point one way, journal <- projections <- engine
 * <- {sidecar, lab} <- replay-cli, the sidecar and the lab each on the engine alone; no module's
 * packages form a cycle (journal, projections, engine, sidecar, lab and replay-cli each have a
 * rule), and no two packages anywhere, a sub-package apart from its parent (one rule for all);
 * routing reads a segment's {@code {{unsent}}} from its expansion, never from drafts'
 * {@code Unsent}; and engine's rule packages decide from the state and the fact alone: no journal
 * store, no file, no clock (GUIDE "Pure core"). {@link LayeringRulesCanFailTest} shows each
 * rule red on a class that breaks it.
 */
@AnalyzeClasses(packages = "dev.routing", importOptions = LayeringTest.MainClassesOnly.class)
public class LayeringTest {

    /** engine's packages that decide: each reads the state and the fact, and nothing else. */
    static final String[] RULE_PACKAGES = {
        "dev.routing.engine.privacy..", "dev.routing.engine.prose..", "dev.routing.engine.drafts..",
        "dev.routing.engine.publish..", "dev.routing.engine.turns..", "dev.routing.engine.retention..",
        "dev.routing.engine.notices..", "dev.routing.engine.attempts..", "dev.routing.engine.calls..",
        "dev.routing.engine.envelopes..", "dev.routing.engine.routes..", "dev.routing.engine.context.."};

    /**
     * engine's packages form no cycle, its root package ({@code Engine}, {@code Core},
     * {@code Replay}, {@code Verify}) one of them. Bottom to top (docs/architecture.md, "engine"):
     * context, routes, envelopes, privacy; calls, attempts; notices; drafts; turns; publish; prose;
     * retention; the root, which dispatches each fact; audit, counterfactual and explain, which read the root.
     */
    @ArchTest
    static final ArchRule enginePackagesFormNoCycle = slices().assignedFrom(packagesOf("dev.routing.engine"))
            .should().beFreeOfCycles();

    /**
     * The journal's packages form no cycle. Bottom to top: bytes, event; codec; store (its faults and
     * internal packages counted in it: {@link #everyPackageDependsOneWay} holds them apart).
     */
    @ArchTest
    static final ArchRule journalPackagesFormNoCycle = slices().assignedFrom(packagesOf("dev.routing.journal"))
            .should().beFreeOfCycles();

    /** projections' packages form no cycle, its root package ({@code EngineState}, {@code Evolve}, {@code Fold}) one of them. */
    @ArchTest
    static final ArchRule projectionsPackagesFormNoCycle = slices().assignedFrom(packagesOf("dev.routing.projections"))
            .should().beFreeOfCycles();

    /**
     * The sidecar's packages form no cycle, its root package ({@code Sidecar}, {@code HostSession})
     * one of them. Bottom to top: lines, answers, metrics, schema; the root; socket.
     */
    @ArchTest
    static final ArchRule sidecarPackagesFormNoCycle = slices().assignedFrom(packagesOf("dev.routing.sidecar"))
            .should().beFreeOfCycles();

    /** The lab's packages form no cycle. Bottom to top: host, paired, jvm; world and traffic, which act on the host. */
    @ArchTest
    static final ArchRule labPackagesFormNoCycle = slices().assignedFrom(packagesOf("dev.routing.lab"))
            .should().beFreeOfCycles();

    /**
     * replay-cli's packages form no cycle, its root package ({@code Main}) one of them: the commands
     * read options and progress, and the root reads every command.
     */
    @ArchTest
    static final ArchRule commandLinePackagesFormNoCycle = slices().assignedFrom(packagesOf("dev.routing.cli"))
            .should().beFreeOfCycles();

    /**
     * No two packages of main depend on each other, whichever modules they are in: each package is a
     * slice of its own ({@code (**)} captures the whole name below {@code dev.routing}), so a
     * sub-package is apart from its parent, where the rules above, slicing by a module's top-level
     * packages, count {@code journal.store.internal} in {@code journal.store}. A public face may use
     * its {@code internal} package, as Chronicle's faces use their {@code impl}; never the reverse.
     * Read from bytecode, where a constant is inlined: {@link PackageCycleSourcesTest} reads the
     * sources for a cycle that a constant alone would close.
     */
    @ArchTest
    static final ArchRule everyPackageDependsOneWay = slices().matching("dev.routing.(**)")
            .should().beFreeOfCycles();

    /**
     * {@code {{unsent}}} is expanded once per segment before routing (issue 11, D5): the round's step
     * ({@code Rounds}) reads the latest bounce through {@code Unsent}, and routing reads only that
     * expansion, never calling back into drafts' {@code Unsent}.
     */
    @ArchTest
    static final ArchRule routingReadsNoUnsent = noClasses()
            .that().resideInAPackage("dev.routing.engine.prose..")
            .and().doNotHaveFullyQualifiedName("dev.routing.engine.prose.Rounds")
            .should().dependOnClassesThat().haveFullyQualifiedName("dev.routing.engine.drafts.Unsent");

    @ArchTest
    static final ArchRule journalImportsNeitherProjectionsNorEngine = noClasses()
            .that().resideInAPackage("dev.routing.journal..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.routing.projections..", "dev.routing.engine..");

    @ArchTest
    static final ArchRule projectionsImportNoEngineClass = noClasses()
            .that().resideInAPackage("dev.routing.projections..")
            .should().dependOnClassesThat().resideInAPackage("dev.routing.engine..");

    @ArchTest
    static final ArchRule engineImportsNoCommandLineClass = noClasses()
            .that().resideInAnyPackage("dev.routing.journal..", "dev.routing.projections..", "dev.routing.engine..")
            .should().dependOnClassesThat().resideInAPackage("dev.routing.cli..");

    @ArchTest
    static final ArchRule engineImportsNeitherSidecarNorLab = noClasses()
            .that().resideInAnyPackage("dev.routing.journal..", "dev.routing.projections..", "dev.routing.engine..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.routing.sidecar..", "dev.routing.lab..");

    @ArchTest
    static final ArchRule sidecarAndLabImportNoCommandLineClass = noClasses()
            .that().resideInAnyPackage("dev.routing.sidecar..", "dev.routing.lab..")
            .should().dependOnClassesThat().resideInAPackage("dev.routing.cli..");

    /**
     * Siblings on the engine: the lab drives an engine as a host would, never through the sidecar, and
     * the sidecar simulates nothing. (Each half may find no class of its side: LayeringRulesCanFailTest
     * hands it one class at a time.)
     */
    @ArchTest
    static final ArchRule sidecarAndLabImportNeitherOther = CompositeArchRule
            .of(noClasses().that().resideInAPackage("dev.routing.sidecar..")
                    .should().dependOnClassesThat().resideInAPackage("dev.routing.lab..").allowEmptyShould(true))
            .and(noClasses().that().resideInAPackage("dev.routing.lab..")
                    .should().dependOnClassesThat().resideInAPackage("dev.routing.sidecar..").allowEmptyShould(true));

    /*
     * Read from bytecode, where javac has inlined every constant: a rule package that named the store
     * only for a constant would pass here. RulePackageSourcesTest reads the sources for that.
     */
    @ArchTest
    static final ArchRule rulePackagesReadNoJournalStore = noClasses()
            .that().resideInAnyPackage(RULE_PACKAGES)
            .should().dependOnClassesThat().resideInAPackage("dev.routing.journal.store..");

    /**
     * Only projections assign a field of the state: the rules emit decisions, and Evolve folds them
     * (docs/architecture.md, "The state is mutable and owned by the fold"). A write through a
     * collection's own methods ({@code put}, {@code add}) is not a field assignment and goes unseen
     * here; the replay-equals-live property tests catch what that would break.
     */
    @ArchTest
    static final ArchRule stateIsWrittenOnlyByProjections = noClasses()
            .that().resideOutsideOfPackage("dev.routing.projections..")
            .should().setFieldWhere(JavaAccess.Predicates.target(owner(resideInAPackage("dev.routing.projections.."))))
            .because("the state changes only by folding an entry (J2)");

    @ArchTest
    static final ArchRule rulePackagesReadNoFile = noClasses()
            .that().resideInAnyPackage(RULE_PACKAGES)
            .should().dependOnClassesThat().resideInAnyPackage("java.io..", "java.nio.file..");

    @ArchTest
    static final ArchRule rulePackagesReadNoClock = noClasses()
            .that().resideInAnyPackage(RULE_PACKAGES)
            .should().dependOnClassesThat().belongToAnyOf(Clock.class, InstantSource.class)
            .orShould().callMethod(System.class, "currentTimeMillis")
            .orShould().callMethod(System.class, "nanoTime")
            .orShould().callMethodWhere(target(name("now")).and(target(owner(resideInAPackage("java.time..")))))
            .because("time is the fact's at (GUIDE, \"Pure core\")");

    /**
     * Ids come from the state, never from a random source: the same facts must give the same
     * decisions on every replay (GUIDE, "Pure core"). Evolve is held to it as well as the rules.
     */
    @ArchTest
    static final ArchRule decideAndEvolveReadNoRandomSource = noClasses()
            .that().resideInAnyPackage(RULE_PACKAGES).or().resideInAPackage("dev.routing.projections..")
            .should().dependOnClassesThat().belongToAnyOf(
                    java.util.Random.class, java.util.SplittableRandom.class, java.security.SecureRandom.class,
                    java.util.concurrent.ThreadLocalRandom.class)
            .orShould().callMethod(Math.class, "random")
            .orShould().callMethod(java.util.UUID.class, "randomUUID")
            .because("ids come from the state (GUIDE, \"Pure core\")");

    /**
     * One slice per package under {@code root}, sub-packages of a package counted in it, and the root
     * package itself as a slice of its own (a {@code matching("root.(*)..")} slicing leaves it out,
     * and with it every cycle through it).
     */
    static SliceAssignment packagesOf(String root) {
        return new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                String pkg = javaClass.getPackageName();
                if (pkg.equals(root)) return SliceIdentifier.of("(root)");
                if (!pkg.startsWith(root + ".")) return SliceIdentifier.ignore();
                return SliceIdentifier.of(pkg.substring(root.length() + 1).split("\\.")[0]);
            }

            @Override
            public String getDescription() {
                return "the packages of " + root + ", its root package included";
            }
        };
    }

    /** The modules' main classes: no test classes, whether from a test-classes folder or a tests jar. */
    public static final class MainClassesOnly implements ImportOption {
        @Override
        public boolean includes(Location location) {
            return !location.contains("/test-classes/") && !location.contains("-tests.jar");
        }
    }
}
