package io.migrationguard.cli;

/** A command line the lint cannot run: reported in one line on stderr, exit code 2. */
final class UsageException extends Exception {
  UsageException(String message) {
    super(message, null, false, false);
  }
}
