package dev.routing.journal.codec;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.routing.journal.event.Verbatim;
import java.time.Instant;

/**
 * The one mapper's set-up ({@link EntryCodec#mapper()}): strict in, canonical out. An unknown field,
 * a duplicate key, trailing tokens, a value of another JSON type or a required field given as null
 * are refused; out, absent fields are left out, map keys sorted, an emoji written as its UTF-8
 * bytes, so the same value always writes the same bytes.
 */
final class StrictMapper {
    private StrictMapper() {}

    /** A value of the wrong JSON type is an error, never quietly converted ("5" is no integer). */
    private static void refuse(ObjectMapper mapper, LogicalType type, CoercionInputShape... shapes) {
        var config = mapper.coercionConfigFor(type);
        for (CoercionInputShape shape : shapes) config.setCoercion(shape, CoercionAction.Fail);
    }

    static ObjectMapper build() {
        // Field names are not interned: a state's maps are keyed by ids, thousands of them, and
        // interning each one made reading a checkpoint's state two to three times slower.
        JsonFactory factory = JsonFactory.builder().disable(JsonFactory.Feature.INTERN_FIELD_NAMES).build();
        JsonMapper mapper = JsonMapper.builder(factory)
                .addModule(new JavaTimeModule())
                .addModule(new SimpleModule("iso-instant").addDeserializer(Instant.class, new IsoInstant()))
                .addModule(new SimpleModule("unicode-text").addDeserializer(String.class, new UnicodeText()))
                .annotationIntrospector(new RequiredMeansNotNull())
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
                // encode and toJson agree byte for byte: an emoji is written as its 4 UTF-8 bytes,
                // not as an escaped surrogate pair
                .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
                .serializationInclusion(JsonInclude.Include.NON_NULL)
                .build();
        refuse(mapper, LogicalType.Textual, CoercionInputShape.Integer, CoercionInputShape.Float,
                CoercionInputShape.Boolean);
        refuse(mapper, LogicalType.Integer, CoercionInputShape.String, CoercionInputShape.Float,
                CoercionInputShape.Boolean, CoercionInputShape.EmptyString);
        refuse(mapper, LogicalType.Boolean, CoercionInputShape.String, CoercionInputShape.Integer,
                CoercionInputShape.Float, CoercionInputShape.EmptyString);
        refuse(mapper, LogicalType.DateTime, CoercionInputShape.Integer, CoercionInputShape.Float,
                CoercionInputShape.Boolean, CoercionInputShape.EmptyString);
        return mapper;
    }

    /**
     * A required field given as {@code null} is refused like a missing one. Were it accepted, the
     * entry would be journaled without the field (nulls are left out) and could not be read back.
     */
    private static final class RequiredMeansNotNull extends JacksonAnnotationIntrospector {
        /** A {@link Verbatim} component keeps its numbers' text on databind's path too. */
        @Override
        public Object findDeserializer(Annotated a) {
            return _hasAnnotation(a, Verbatim.class) ? new VerbatimTrees.Deserializer() : super.findDeserializer(a);
        }

        @Override
        public JsonSetter.Value findSetterInfo(Annotated a) {
            JsonSetter.Value info = super.findSetterInfo(a);
            JsonProperty property = _findAnnotation(a, JsonProperty.class);
            return property != null && property.required() ? info.withValueNulls(Nulls.FAIL) : info;
        }
    }
}
