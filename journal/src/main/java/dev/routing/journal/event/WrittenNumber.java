package dev.routing.journal.event;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.node.NumericNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.regex.Pattern;

/**
 * A JSON number kept as its text. Read as a double, as a tree reads numbers by default, 1e400
 * became Infinity (written back as the string "Infinity"), -1e-400 became -0.0 and a 36-digit
 * decimal 0.1; kept as text, a host's number is journaled and answered exactly as it was sent, -0
 * and 1.50 included. It still reads as a number where one is asked for (a {@code seq}); a value no
 * BigDecimal holds (an exponent past 2^31) answers {@link #doubleValue} only.
 */
public final class WrittenNumber extends NumericNode {
    private static final Pattern JSON_NUMBER = Pattern.compile("-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?");
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private final String text;
    private final boolean integral;

    private WrittenNumber(String text) {
        this.text = text;
        this.integral = text.indexOf('.') < 0 && text.indexOf('e') < 0 && text.indexOf('E') < 0;
    }

    /**
     * The number JSON spells as {@code text}.
     *
     * @throws IllegalArgumentException when {@code text} is no JSON number
     */
    public static WrittenNumber of(String text) {
        if (!JSON_NUMBER.matcher(text).matches()) throw new IllegalArgumentException("'" + text + "' is no JSON number");
        return new WrittenNumber(text);
    }

    /** The number as it was written. */
    public String text() {
        return text;
    }

    @Override
    public JsonToken asToken() {
        return integral ? JsonToken.VALUE_NUMBER_INT : JsonToken.VALUE_NUMBER_FLOAT;
    }

    @Override
    public JsonParser.NumberType numberType() {
        if (!integral) return JsonParser.NumberType.BIG_DECIMAL;
        if (canConvertToInt()) return JsonParser.NumberType.INT;
        return canConvertToLong() ? JsonParser.NumberType.LONG : JsonParser.NumberType.BIG_INTEGER;
    }

    @Override
    public boolean isIntegralNumber() {
        return integral;
    }

    @Override
    public boolean isFloatingPointNumber() {
        return !integral;
    }

    @Override
    public boolean isBigDecimal() {
        return !integral;
    }

    @Override
    public boolean isBigInteger() {
        return numberType() == JsonParser.NumberType.BIG_INTEGER;
    }

    @Override
    public boolean isLong() {
        return numberType() == JsonParser.NumberType.LONG;
    }

    @Override
    public boolean isInt() {
        return numberType() == JsonParser.NumberType.INT;
    }

    @Override
    public Number numberValue() {
        if (!integral) return decimalValue();
        if (canConvertToInt()) return intValue();
        return canConvertToLong() ? (Number) longValue() : bigIntegerValue();
    }

    @Override
    public int intValue() {
        return integral ? bigIntegerValue().intValue() : decimalValue().intValue();
    }

    @Override
    public long longValue() {
        return integral ? bigIntegerValue().longValue() : decimalValue().longValue();
    }

    @Override
    public double doubleValue() {
        return Double.parseDouble(text);
    }

    @Override
    public BigDecimal decimalValue() {
        return new BigDecimal(text);
    }

    @Override
    public BigInteger bigIntegerValue() {
        return integral ? new BigInteger(text) : decimalValue().toBigInteger();
    }

    @Override
    public boolean canConvertToInt() {
        return integral && canConvertToLong() && longValue() == (int) longValue();
    }

    @Override
    public boolean canConvertToLong() {
        if (!integral) return false;
        BigInteger n = bigIntegerValue();
        return n.compareTo(LONG_MIN) >= 0 && n.compareTo(LONG_MAX) <= 0;
    }

    @Override
    public String asText() {
        return text;
    }

    @Override
    public void serialize(JsonGenerator g, SerializerProvider provider) throws IOException {
        g.writeNumber(text);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WrittenNumber other && other.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }
}
