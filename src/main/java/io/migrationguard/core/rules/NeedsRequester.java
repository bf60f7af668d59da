package io.migrationguard.core.rules;

/**
 * A rule that judges who asked ({@link io.migrationguard.core.model.Review#requester()}): without a
 * requester (the lint without {@code --as}) it cannot be judged, and the engine lists it as not
 * checked instead of letting the object pass it in silence. The webhook always has one.
 */
public interface NeedsRequester {}
