package dev.routing.journal.codec;

/**
 * A tree component given as the JSON the mapper would write for it, so that a checkpoint's state
 * (the state codec's canonical bytes) is stored without being built as a tree only to be written
 * out again. Only the codec sees it: it is a component value, never a record's.
 */
record JsonText(byte[] utf8) {
}
