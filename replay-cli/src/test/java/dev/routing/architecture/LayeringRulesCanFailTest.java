package dev.routing.architecture;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each of LayeringTest's rules goes red on a class that breaks it and stays green on a class of
 * the same package that does not (the LayeringBreakers classes of the test sources, which
 * LayeringTest itself does not read).
 */
class LayeringRulesCanFailTest {

    static Stream<Arguments> breaches() {
        return Stream.of(
                Arguments.of("journalImportsNeitherProjectionsNorEngine", LayeringTest.journalImportsNeitherProjectionsNorEngine,
                        dev.routing.journal.LayeringBreakers.ImportsProjections.class, dev.routing.journal.LayeringBreakers.Clean.class),
                Arguments.of("journalImportsNeitherProjectionsNorEngine", LayeringTest.journalImportsNeitherProjectionsNorEngine,
                        dev.routing.journal.LayeringBreakers.ImportsEngine.class, dev.routing.journal.LayeringBreakers.Clean.class),
                Arguments.of("projectionsImportNoEngineClass", LayeringTest.projectionsImportNoEngineClass,
                        dev.routing.projections.LayeringBreakers.ImportsEngine.class, dev.routing.projections.LayeringBreakers.Clean.class),
                Arguments.of("engineImportsNoCommandLineClass", LayeringTest.engineImportsNoCommandLineClass,
                        dev.routing.engine.LayeringBreakers.ImportsCommandLine.class, dev.routing.engine.LayeringBreakers.Clean.class),
                Arguments.of("engineImportsNoCommandLineClass", LayeringTest.engineImportsNoCommandLineClass,
                        dev.routing.journal.LayeringBreakers.ImportsCommandLine.class, dev.routing.journal.LayeringBreakers.Clean.class),
                Arguments.of("engineImportsNeitherSidecarNorLab", LayeringTest.engineImportsNeitherSidecarNorLab,
                        dev.routing.engine.LayeringBreakers.ImportsSidecar.class, dev.routing.engine.LayeringBreakers.Clean.class),
                Arguments.of("engineImportsNeitherSidecarNorLab", LayeringTest.engineImportsNeitherSidecarNorLab,
                        dev.routing.engine.LayeringBreakers.ImportsLab.class, dev.routing.engine.LayeringBreakers.Clean.class),
                Arguments.of("sidecarAndLabImportNoCommandLineClass", LayeringTest.sidecarAndLabImportNoCommandLineClass,
                        dev.routing.sidecar.LayeringBreakers.ImportsCommandLine.class, dev.routing.sidecar.LayeringBreakers.Clean.class),
                Arguments.of("sidecarAndLabImportNoCommandLineClass", LayeringTest.sidecarAndLabImportNoCommandLineClass,
                        dev.routing.lab.LayeringBreakers.ImportsCommandLine.class, dev.routing.lab.LayeringBreakers.Clean.class),
                Arguments.of("sidecarAndLabImportNeitherOther", LayeringTest.sidecarAndLabImportNeitherOther,
                        dev.routing.sidecar.LayeringBreakers.ImportsLab.class, dev.routing.sidecar.LayeringBreakers.Clean.class),
                Arguments.of("sidecarAndLabImportNeitherOther", LayeringTest.sidecarAndLabImportNeitherOther,
                        dev.routing.lab.LayeringBreakers.ImportsSidecar.class, dev.routing.lab.LayeringBreakers.Clean.class),
                Arguments.of("routingReadsNoUnsent", LayeringTest.routingReadsNoUnsent,
                        dev.routing.engine.prose.LayeringBreakers.ReadsUnsent.class,
                        dev.routing.engine.prose.LayeringBreakers.ReadsDrafts.class),
                rulePackage("stateIsWrittenOnlyByProjections", LayeringTest.stateIsWrittenOnlyByProjections,
                        dev.routing.engine.privacy.LayeringBreakers.WritesTheState.class),
                rulePackage("rulePackagesReadNoJournalStore", LayeringTest.rulePackagesReadNoJournalStore,
                        dev.routing.engine.privacy.LayeringBreakers.ReadsJournalStore.class),
                rulePackage("rulePackagesReadNoFile", LayeringTest.rulePackagesReadNoFile,
                        dev.routing.engine.privacy.LayeringBreakers.ReadsJavaIo.class),
                rulePackage("rulePackagesReadNoFile", LayeringTest.rulePackagesReadNoFile,
                        dev.routing.engine.privacy.LayeringBreakers.ReadsNioFile.class),
                rulePackage("rulePackagesReadNoClock", LayeringTest.rulePackagesReadNoClock,
                        dev.routing.engine.privacy.LayeringBreakers.ReadsClock.class),
                rulePackage("rulePackagesReadNoClock", LayeringTest.rulePackagesReadNoClock,
                        dev.routing.engine.privacy.LayeringBreakers.ReadsInstantSource.class),
                rulePackage("rulePackagesReadNoClock", LayeringTest.rulePackagesReadNoClock,
                        dev.routing.engine.privacy.LayeringBreakers.ReadsCurrentTimeMillis.class),
                rulePackage("rulePackagesReadNoClock", LayeringTest.rulePackagesReadNoClock,
                        dev.routing.engine.privacy.LayeringBreakers.ReadsNanoTime.class),
                rulePackage("rulePackagesReadNoClock", LayeringTest.rulePackagesReadNoClock,
                        dev.routing.engine.privacy.LayeringBreakers.ReadsInstantNow.class),
                rulePackage("decideAndEvolveReadNoRandomSource", LayeringTest.decideAndEvolveReadNoRandomSource,
                        dev.routing.engine.privacy.LayeringBreakers.DrawsARandomNumber.class),
                rulePackage("decideAndEvolveReadNoRandomSource", LayeringTest.decideAndEvolveReadNoRandomSource,
                        dev.routing.engine.privacy.LayeringBreakers.DrawsARandomId.class),
                Arguments.of("decideAndEvolveReadNoRandomSource", LayeringTest.decideAndEvolveReadNoRandomSource,
                        dev.routing.projections.LayeringBreakers.HoldsARandom.class, dev.routing.projections.LayeringBreakers.Clean.class));
    }

    private static Arguments rulePackage(String name, ArchRule rule, Class<?> breaker) {
        return Arguments.of(name, rule, breaker, dev.routing.engine.privacy.LayeringBreakers.Clean.class);
    }

    /** A planted cycle, then the same classes with the edge that closed it left out. */
    static Stream<Arguments> cycles() {
        return Stream.of(
                Arguments.of("engine: drafts <-> prose", LayeringTest.enginePackagesFormNoCycle,
                        List.of(dev.routing.engine.drafts.LayeringBreakers.ReadsProse.class,
                                dev.routing.engine.prose.LayeringBreakers.ReadsDrafts.class,
                                dev.routing.engine.drafts.LayeringBreakers.ReadsAttempts.class),
                        List.of(dev.routing.engine.prose.LayeringBreakers.ReadsDrafts.class,
                                dev.routing.engine.drafts.LayeringBreakers.ReadsAttempts.class)),
                Arguments.of("engine: the root <-> drafts", LayeringTest.enginePackagesFormNoCycle,
                        List.of(dev.routing.engine.LayeringBreakers.ReadsDrafts.class,
                                dev.routing.engine.drafts.LayeringBreakers.ReadsTheRoot.class,
                                dev.routing.engine.drafts.LayeringBreakers.ReadsAttempts.class),
                        List.of(dev.routing.engine.LayeringBreakers.ReadsDrafts.class,
                                dev.routing.engine.drafts.LayeringBreakers.ReadsAttempts.class)),
                Arguments.of("sidecar: the root <-> lines", LayeringTest.sidecarPackagesFormNoCycle,
                        List.of(dev.routing.sidecar.LayeringBreakers.ReadsLines.class,
                                dev.routing.sidecar.lines.LayeringBreakers.ReadsTheRoot.class,
                                dev.routing.sidecar.lines.LayeringBreakers.ReadsTheCodec.class),
                        List.of(dev.routing.sidecar.LayeringBreakers.ReadsLines.class,
                                dev.routing.sidecar.lines.LayeringBreakers.ReadsTheCodec.class)),
                Arguments.of("lab: world <-> host", LayeringTest.labPackagesFormNoCycle,
                        List.of(dev.routing.lab.world.LayeringBreakers.ReadsHost.class,
                                dev.routing.lab.host.LayeringBreakers.ReadsTheWorld.class,
                                dev.routing.lab.host.LayeringBreakers.ReadsTheEngine.class),
                        List.of(dev.routing.lab.world.LayeringBreakers.ReadsHost.class,
                                dev.routing.lab.host.LayeringBreakers.ReadsTheEngine.class)),
                Arguments.of("replay-cli: the root <-> bench", LayeringTest.commandLinePackagesFormNoCycle,
                        List.of(dev.routing.cli.LayeringBreakers.ReadsBench.class,
                                dev.routing.cli.bench.LayeringBreakers.ReadsTheRoot.class,
                                dev.routing.cli.bench.LayeringBreakers.ReadsOptions.class),
                        List.of(dev.routing.cli.LayeringBreakers.ReadsBench.class,
                                dev.routing.cli.bench.LayeringBreakers.ReadsOptions.class)),
                Arguments.of("journal: codec <-> event", LayeringTest.journalPackagesFormNoCycle,
                        List.of(dev.routing.journal.codec.LayeringBreakers.ReadsEvent.class,
                                dev.routing.journal.event.LayeringBreakers.ReadsCodec.class,
                                dev.routing.journal.event.LayeringBreakers.Plain.class),
                        List.of(dev.routing.journal.codec.LayeringBreakers.ReadsEvent.class,
                                dev.routing.journal.event.LayeringBreakers.Plain.class)),
                Arguments.of("every package: journal.store <-> journal.store.internal", LayeringTest.everyPackageDependsOneWay,
                        List.of(dev.routing.journal.store.LayeringBreakers.ReadsInternal.class,
                                dev.routing.journal.store.internal.LayeringBreakers.ReadsTheFace.class,
                                dev.routing.journal.store.internal.LayeringBreakers.Plain.class),
                        List.of(dev.routing.journal.store.LayeringBreakers.ReadsInternal.class,
                                dev.routing.journal.store.internal.LayeringBreakers.Plain.class)),
                Arguments.of("projections: the root <-> drafts", LayeringTest.projectionsPackagesFormNoCycle,
                        List.of(dev.routing.projections.LayeringBreakers.ReadsDrafts.class,
                                dev.routing.projections.drafts.LayeringBreakers.ReadsTheRoot.class,
                                dev.routing.projections.drafts.Draft.class),
                        List.of(dev.routing.projections.LayeringBreakers.ReadsDrafts.class,
                                dev.routing.projections.drafts.Draft.class)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cycles")
    void theCycleRuleFailsOnAPlantedCycleAndPassesWithoutIt(String name, ArchRule rule, List<Class<?>> cycle,
            List<Class<?>> oneWay) {
        EvaluationResult broken = rule.evaluate(new ClassFileImporter().importClasses(cycle));
        assertTrue(broken.hasViolation(), () -> name + ": the cycle went unseen");

        EvaluationResult kept = rule.evaluate(new ClassFileImporter().importClasses(oneWay));
        assertFalse(kept.hasViolation(), () -> name + ": a one-way dependency failed: " + kept.getFailureReport());
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("breaches")
    void theRuleFailsOnTheClassThatBreaksItAndPassesOnOneThatDoesNot(String name, ArchRule rule, Class<?> breaker,
            Class<?> clean) {
        EvaluationResult broken = rule.evaluate(new ClassFileImporter().importClasses(breaker));
        assertTrue(broken.hasViolation(), () -> name + " let " + breaker.getName() + " through");

        EvaluationResult kept = rule.evaluate(new ClassFileImporter().importClasses(clean));
        assertFalse(kept.hasViolation(), () -> name + " failed a clean class: " + kept.getFailureReport());
    }
}
