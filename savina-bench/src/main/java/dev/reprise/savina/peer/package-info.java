/**
 * Other ways to record an actor program, run in the same harness as Reprise so that their cost can
 * be measured beside it: {@code -Dsavina.peer=content|jfr|log} (see {@link
 * dev.reprise.savina.peer.Peers}).
 */
package dev.reprise.savina.peer;
