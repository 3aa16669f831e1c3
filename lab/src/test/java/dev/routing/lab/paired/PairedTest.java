package dev.routing.lab.paired;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Paired}: the two reads alternate, warm passes first, and each figure reports its own read's entries. */
class PairedTest {
    @Test
    void theReadsAlternateWarmPassesFirstAndEachReportsItsOwnEntries() {
        List<String> calls = new ArrayList<>();
        Paired.Result r = Paired.time(() -> {
            calls.add("a");
            return 10;
        }, () -> {
            calls.add("b");
            return 20;
        }, () -> calls.add("|"));

        List<String> expected = new ArrayList<>();
        for (int i = 0; i < Paired.WARM + Paired.TIMED; i++) expected.addAll(List.of("a", "b", "|"));
        assertEquals(expected, calls);
        assertEquals(10, r.first().entries());
        assertEquals(20, r.second().entries());
    }

    @Test
    void aThingTimedAloneRunsItsWarmPassesThenItsTimedOnesWithTheStepBetweenEach() {
        List<String> calls = new ArrayList<>();
        int[] runs = {0};
        Paired.Timing t = Paired.alone(() -> {
            calls.add("a");
            return ++runs[0];
        }, () -> calls.add("|"));

        List<String> expected = new ArrayList<>();
        for (int i = 0; i < Paired.WARM + Paired.TIMED; i++) expected.addAll(List.of("a", "|"));
        assertEquals(expected, calls);
        assertEquals(Paired.WARM + Paired.TIMED, t.entries(), "the count is the last timed pass's");
    }

    @Test
    void theRatioIsTheSecondReadsRateOverTheFirsts() {
        Paired.Result r = new Paired.Result(new Paired.Timing(1.0, 100), new Paired.Timing(4.0, 200));
        assertEquals(0.5, r.ratio(), 1e-12);
        assertEquals(50.0, r.second().rate(), 1e-12);
    }

    @Test
    void eachFigureIsTheMedianPassNotTheMean() {
        assertEquals(3.0, Paired.median(new double[] {9.0, 1.0, 3.0, 2.0, 100.0}), 0.0);
    }
}
