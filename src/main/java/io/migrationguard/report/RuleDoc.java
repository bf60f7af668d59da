package io.migrationguard.report;

import java.util.List;

/**
 * One entry of the rule catalogue as outputs show it ({@code --list-rules}, SARIF rules).
 *
 * @param id the rule id findings carry
 * @param kinds the kinds it applies to (kind names), empty for every object
 * @param severity {@code error} or {@code warning} (the default level)
 * @param description one sentence: what is checked
 * @param fix one sentence: what to change when it reports
 */
public record RuleDoc(
    String id, List<String> kinds, String severity, String description, String fix) {}
