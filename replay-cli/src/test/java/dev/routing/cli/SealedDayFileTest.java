package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.cli.options.ExitCodes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults in sealed day files through the CLI (docs/durability.md, "Sealed day files"): a byte
 * changed inside a sealed file is named by every command that reads the file (a restore's check
 * that trusts the seal does not read it: {@code DaySealTest}); a seal that no longer matches its file's excerpts
 * is named by {@code verify}; a seal deleted is noted and the file checked whole.
 */
class SealedDayFileTest {
    @TempDir
    Path tmp;

    @Test
    void aByteChangedInASealedDayFileIsNamedByVerifyAndDump() throws Exception {
        Faults.Journal3Days j = Faults.journal(tmp);
        Path monday = j.dir().resolve(Faults.DAY_FILES.get(0));
        assertTrue(Files.exists(j.dir().resolve("20261102F.seal")), "Monday's file was sealed when the day rolled");
        long at = Faults.find(monday, "day 0, turn 1", 0);
        Faults.write(monday, at, "DAY".getBytes(java.nio.charset.StandardCharsets.UTF_8));

        Cli.Result verify = Cli.run("verify", "--journal", j.dir().toString()).exits(ExitCodes.FAILURE);
        assertTrue(verify.err().contains("20261102F.cq4") && verify.err().contains("checksum"), verify::toString);
        Faults.assertNoStackTrace(verify);
        Cli.Result dump = Cli.run("dump", "--journal", j.dir().toString()).exits(ExitCodes.FAILURE);
        assertTrue(dump.err().contains("20261102F.cq4"), dump::toString);
    }

    /**
     * The whole journal's audit carried to the end of the newest sealed day (docs/decisions/0005)
     * reads none of the sealed files, on their seals' word, as a restore's check does: a byte changed
     * in one after the carry is not seen by the text audit, which prints what the days held when they
     * were sealed; {@code --from-journal} and {@code verify} read the file and refuse, naming it.
     */
    @Test
    void aByteChangedInASealedDayAfterTheWholeAuditWasCarriedIsFoundByAnAuditFromTheJournal() {
        Faults.Journal3Days j = Faults.journal(tmp);
        Cli.run("audit-days", "--journal", j.dir().toString()).exits(ExitCodes.OK);
        String sealed = Cli.run("audit", "--journal", j.dir().toString()).exits(ExitCodes.OK).out();
        Path middle = j.dir().resolve(Faults.DAY_FILES.get(1));
        Faults.write(middle, Faults.find(middle, "day 1, turn 2", 0), "dab".getBytes(java.nio.charset.StandardCharsets.US_ASCII));

        Cli.Result carried = Cli.run("audit", "--journal", j.dir().toString()).exits(ExitCodes.OK);
        assertEquals(sealed, carried.out(), "the carried fold prints what the sealed days held");
        assertEquals("", carried.err(), carried::toString);
        for (Cli.Result r : List.of(Cli.run("audit", "--from-journal", "--journal", j.dir().toString()),
                Cli.run("verify", "--journal", j.dir().toString()))) {
            r.exits(ExitCodes.FAILURE);
            assertTrue(r.err().contains("20261103F.cq4"), r::toString);
        }
    }

    @Test
    void aSealWhoseExcerptChecksumNoLongerMatchesMakesVerifyExit1NamingTheFile() throws Exception {
        Faults.Journal3Days j = Faults.journal(tmp);
        Path seal = j.dir().resolve("20261103F.seal");
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(seal)).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(28, b.getInt(28) ^ 1);
        CRC32C crc = new CRC32C();
        crc.update(b.array(), 0, 80);
        b.putInt(80, (int) crc.getValue());
        Files.write(seal, b.array());

        Cli.Result verify = Cli.run("verify", "--journal", j.dir().toString()).exits(ExitCodes.FAILURE);
        assertEquals("diverged: the day file 20261103F.cq4 does not match its seal: the checksums of its excerpts are not those sealed",
                verify.err().strip(), verify::toString);
    }

    @Test
    void aDeletedSealIsNotedByEveryReaderAndTheNextRunSealsTheFileAgain() throws Exception {
        Faults.Journal3Days j = Faults.journal(tmp);
        Files.delete(j.dir().resolve("20261102F.seal"));
        Cli.Result verify = Cli.run("verify", "--journal", j.dir().toString()).exits(ExitCodes.OK);
        assertTrue(verify.err().contains("note: 1 day file(s) have no seal (20261102F.cq4)"), verify::toString);
        Cli.run("run", Faults.more(tmp).toString(), "--journal", j.dir().toString()).exits(ExitCodes.OK);
        assertTrue(Files.exists(j.dir().resolve("20261102F.seal")), "the writer's restore read Monday whole and sealed it");
        Cli.Result again = Cli.run("verify", "--journal", j.dir().toString()).exits(ExitCodes.OK);
        assertEquals("", again.err(), again::toString);
    }
}
