package dev.routing.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.io.File;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.MessageFormat;
import java.text.NumberFormat;
import java.time.format.DateTimeFormatter;
import java.util.Formatter;
import java.util.Locale;
import java.util.Scanner;

/**
 * The same bytes on every machine (GUIDE: "Locale.ROOT for every case change and format; UTF-8 in
 * and out"): no main class of any module calls a JDK method that reads the platform's locale or
 * its default charset. Before, "HYBRID".toLowerCase() was "hybrıd" in Turkish, {@code %,d} wrote
 * 1.048.576 in a drafts read's words (so a {@code verify} elsewhere re-decided another text), and
 * Java 17 wrote System.out in ASCII under {@code LC_ALL=C}. Each call names {@code Locale.ROOT} or
 * a charset instead; {@link PlatformIndependenceCanFailTest} shows the rules red on classes that
 * break them. LocalesIT runs the built jar under several locales and encodings.
 */
@AnalyzeClasses(packages = "dev.routing", importOptions = LayeringTest.MainClassesOnly.class)
public class PlatformIndependenceTest {

    @ArchTest
    static final ArchRule noCaseChangeOrFormatReadsTheDefaultLocale = noClasses()
            .should().callMethod(String.class, "toLowerCase")
            .orShould().callMethod(String.class, "toUpperCase")
            .orShould().callMethod(String.class, "format", String.class, Object[].class)
            .orShould().callMethod(String.class, "formatted", Object[].class)
            .orShould().callMethod(PrintStream.class, "printf", String.class, Object[].class)
            .orShould().callMethod(PrintStream.class, "format", String.class, Object[].class)
            .orShould().callMethod(PrintWriter.class, "printf", String.class, Object[].class)
            .orShould().callMethod(PrintWriter.class, "format", String.class, Object[].class)
            .orShould().callConstructor(Formatter.class)
            .orShould().callConstructor(Formatter.class, Appendable.class)
            .orShould().callConstructor(Formatter.class, OutputStream.class)
            .orShould().callConstructor(Formatter.class, PrintStream.class)
            .orShould().callMethod(DateTimeFormatter.class, "ofPattern", String.class)
            .orShould().callMethod(NumberFormat.class, "getInstance")
            .orShould().callMethod(NumberFormat.class, "getNumberInstance")
            .orShould().callMethod(NumberFormat.class, "getIntegerInstance")
            .orShould().callMethod(NumberFormat.class, "getPercentInstance")
            .orShould().callMethod(NumberFormat.class, "getCurrencyInstance")
            .orShould().callConstructor(DecimalFormat.class)
            .orShould().callConstructor(DecimalFormat.class, String.class)
            .orShould().callConstructor(DecimalFormatSymbols.class)
            .orShould().callMethod(MessageFormat.class, "format", String.class, Object[].class)
            .orShould().callConstructor(MessageFormat.class, String.class)
            .orShould().callMethod(Locale.class, "getDefault")
            .orShould().callMethod(Locale.class, "getDefault", Locale.Category.class)
            .because("a case change or a format names Locale.ROOT: the platform's locale would change the words");

    @ArchTest
    static final ArchRule noBytesBecomeTextOrTextBytesInTheDefaultCharset = noClasses()
            .should().callMethod(String.class, "getBytes")
            .orShould().callConstructor(String.class, byte[].class)
            .orShould().callConstructor(String.class, byte[].class, int.class, int.class)
            .orShould().callMethod(Charset.class, "defaultCharset")
            .orShould().callConstructor(java.io.InputStreamReader.class, InputStream.class)
            .orShould().callConstructor(java.io.OutputStreamWriter.class, OutputStream.class)
            .orShould().callConstructor(PrintStream.class, OutputStream.class)
            .orShould().callConstructor(PrintStream.class, OutputStream.class, boolean.class)
            .orShould().callConstructor(PrintStream.class, String.class)
            .orShould().callConstructor(PrintStream.class, File.class)
            .orShould().callConstructor(PrintWriter.class, OutputStream.class)
            .orShould().callConstructor(PrintWriter.class, OutputStream.class, boolean.class)
            .orShould().callConstructor(PrintWriter.class, String.class)
            .orShould().callConstructor(PrintWriter.class, File.class)
            .orShould().callConstructor(java.io.FileReader.class, String.class)
            .orShould().callConstructor(java.io.FileReader.class, File.class)
            .orShould().callConstructor(java.io.FileWriter.class, String.class)
            .orShould().callConstructor(java.io.FileWriter.class, File.class)
            .orShould().callConstructor(java.io.FileWriter.class, String.class, boolean.class)
            .orShould().callConstructor(java.io.FileWriter.class, File.class, boolean.class)
            .orShould().callMethod(java.io.ByteArrayOutputStream.class, "toString")
            .orShould().callConstructor(Scanner.class, InputStream.class)
            .orShould().callConstructor(Scanner.class, File.class)
            .because("text in and out is UTF-8, whatever file.encoding or the platform's locale says");
}
