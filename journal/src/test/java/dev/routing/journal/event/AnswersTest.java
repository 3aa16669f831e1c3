package dev.routing.journal.event;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnswersTest {
    private static final Instant AT = Instant.parse("2026-11-02T09:14:03.120Z");
    private final List<String> heard = new ArrayList<>();
    private final Answers answers = new Answers(new Answers.Sink() {
        @Override
        public void answered(Fact fact, long factIndex, List<Decision> decisions) {
            heard.add((fact == null ? "none" : fact.type() + "@" + factIndex) + " " + decisions.stream().map(Entry::type).toList());
        }

        @Override
        public void other(Entry entry, long index) {
            heard.add(entry.type() + "@" + index);
        }
    });

    @Test
    void eachFactIsAnsweredWithTheDecisionsAfterItOnceTheNextEntryThatIsNoDecisionComes() {
        answers.accept(new TurnEnded(AT, 1L), 0);
        answers.accept(notice(), 1);
        answers.accept(notice(), 2);
        assertEquals(List.of(), heard, "the answer may go on");
        answers.accept(new TurnEnded(AT, 2L), 3);
        answers.accept(new StateCheckpoint(AT, 3L, 4L, JsonNodeFactory.instance.objectNode()), 4);
        answers.accept(new TurnEnded(AT, 3L), 5);
        answers.accept(notice(), 6);
        answers.flush();
        answers.flush();
        assertEquals(List.of("turn.ended@0 [notice.issued, notice.issued]", "turn.ended@3 []", "state.checkpoint@4",
                "turn.ended@5 [notice.issued]"), heard);
    }

    @Test
    void decisionsBeforeAnyFactAreAnsweredWithNoFact() {
        answers.accept(notice(), 0);
        answers.accept(new TurnEnded(AT, 1L), 1);
        answers.flush();
        assertEquals(List.of("none [notice.issued]", "turn.ended@1 []"), heard);
    }

    private static NoticeIssued notice() {
        return new NoticeIssued(AT, "qa", "kind", null, "text", null, null);
    }
}
