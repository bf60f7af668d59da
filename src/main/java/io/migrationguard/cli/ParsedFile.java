package io.migrationguard.cli;

import io.migrationguard.judge.Entry;
import java.util.List;

/** One input file after reading and decoding: its resources in file order. */
record ParsedFile(String name, List<Entry> entries) {}
