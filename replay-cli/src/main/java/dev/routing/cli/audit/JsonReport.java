package dev.routing.cli.audit;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;
import com.fasterxml.jackson.databind.ser.ResolvableSerializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.routing.cli.explain.ExplainJson;
import dev.routing.cli.options.JsonFormat;
import dev.routing.engine.audit.AuditReport.AgentReport;
import dev.routing.engine.audit.AuditReport.Finding;
import dev.routing.engine.audit.AuditReport;
import dev.routing.engine.audit.FindingsWhy;
import dev.routing.engine.explain.Explanation;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The audit for tools: one JSON document. Its fields are the {@link AuditReport}'s; each agent also
 * lists {@code unknownOutcomes}, the attempts whose outcome is unknown, and each finding says why its
 * publication was made ({@code why}, {@code whyNotExplained} or {@code explain}). Absent values are
 * left out.
 *
 * <p>The document is written as it is made, never held whole: a week's is hundreds of megabytes, and
 * as a tree it took more than a 2 GB heap.
 */
public final class JsonReport {
    private JsonReport() {}

    /**
     * With, on each finding, {@code why}: explain's document for its publication (as {@code explain
     * --format json} prints it), or {@code explain}: the command that gives it.
     */
    public static void write(AuditReport report, FindingsWhy why, OutputStream out) throws IOException {
        SimpleModule added = new SimpleModule("audit-report");
        added.setSerializerModifier(new BeanSerializerModifier() {
            @Override
            @SuppressWarnings("unchecked")
            public JsonSerializer<?> modifySerializer(SerializationConfig config, BeanDescription bean, JsonSerializer<?> serializer) {
                Class<?> type = bean.getBeanClass();
                if (type == AgentReport.class) {
                    return new FieldsAfter<>(AgentReport.class, (JsonSerializer<Object>) serializer, (a, gen) -> {
                        gen.writeArrayFieldStart("unknownOutcomes");
                        for (AuditReport.Publication p : a.unknownOutcomes()) gen.writeNumber(p.attempt());
                        gen.writeEndArray();
                    });
                }
                if (type == Finding.class) {
                    return new FieldsAfter<>(Finding.class, (JsonSerializer<Object>) serializer, (f, gen) -> {
                        Explanation x = why.of(f);
                        if (x != null) {
                            gen.writeFieldName("why");
                            gen.writeTree(ExplainJson.tree(report.journal(), x));
                        } else if (why.failure(f) != null) {
                            gen.writeStringField("whyNotExplained", why.failure(f));
                        } else if (why.command(f) != null) {
                            gen.writeStringField("explain", why.command(f));
                        }
                    });
                }
                return serializer;
            }
        });
        JsonFormat.write(report, out, added);
    }

    /** What a type's serializer writes after the fields the record has. */
    private interface Extra<T> {
        void write(T value, JsonGenerator gen) throws IOException;
    }

    /** A bean's own fields, in their order, then the extra ones, in one object. */
    private static final class FieldsAfter<T> extends StdSerializer<T> implements ResolvableSerializer {
        private final JsonSerializer<Object> bean;
        private final Extra<T> extra;
        private JsonSerializer<Object> fields;

        FieldsAfter(Class<T> type, JsonSerializer<Object> bean, Extra<T> extra) {
            super(type);
            this.bean = bean;
            this.extra = extra;
        }

        @Override
        public void resolve(SerializerProvider provider) throws JsonMappingException {
            if (bean instanceof ResolvableSerializer r) r.resolve(provider);
            fields = bean.unwrappingSerializer(null);
        }

        @Override
        public void serialize(T value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeStartObject(value);
            fields.serialize(value, gen, provider);
            extra.write(value, gen);
            gen.writeEndObject();
        }
    }
}
