/**
 * The 18 benchmarks, one class each, with their actors and immutable message records nested
 * inside. Each follows the SOMns {@code core-lib/Benchmarks/Savina.ns} version (so its
 * {@code verifyResult:} constants hold) with the structure of the Savina Akka version.
 */
package dev.reprise.savina.bench;
