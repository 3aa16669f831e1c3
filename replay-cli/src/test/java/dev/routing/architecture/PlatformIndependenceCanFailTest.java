package dev.routing.architecture;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Each of PlatformIndependenceTest's rules goes red on a class that breaks it, and stays green on one that names Locale.ROOT and UTF-8. */
class PlatformIndependenceCanFailTest {
    private static final ArchRule WORDS = PlatformIndependenceTest.noCaseChangeOrFormatReadsTheDefaultLocale;
    private static final ArchRule BYTES = PlatformIndependenceTest.noBytesBecomeTextOrTextBytesInTheDefaultCharset;

    static Stream<Arguments> breaches() {
        return Stream.of(
                Arguments.of(WORDS, PlatformBreakers.LowerCases.class),
                Arguments.of(WORDS, PlatformBreakers.Formats.class),
                Arguments.of(WORDS, PlatformBreakers.Prints.class),
                Arguments.of(WORDS, PlatformBreakers.PrintsToAWriter.class),
                Arguments.of(WORDS, PlatformBreakers.PatternsADate.class),
                Arguments.of(WORDS, PlatformBreakers.AsksTheLocale.class),
                Arguments.of(BYTES, PlatformBreakers.GetsBytes.class),
                Arguments.of(BYTES, PlatformBreakers.MakesText.class),
                Arguments.of(BYTES, PlatformBreakers.ReadsInTheDefaultCharset.class),
                Arguments.of(BYTES, PlatformBreakers.PrintsInTheDefaultCharset.class),
                Arguments.of(BYTES, PlatformBreakers.ReadsABufferInTheDefaultCharset.class));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("breaches")
    void theRuleFailsOnTheClassThatBreaksItAndPassesOnOneThatDoesNot(ArchRule rule, Class<?> breaker) {
        EvaluationResult broken = rule.evaluate(new ClassFileImporter().importClasses(breaker));
        assertTrue(broken.hasViolation(), () -> breaker.getName() + " went through");

        EvaluationResult kept = rule.evaluate(new ClassFileImporter().importClasses(PlatformBreakers.Clean.class));
        assertFalse(kept.hasViolation(), () -> "a clean class failed: " + kept.getFailureReport());
    }
}
