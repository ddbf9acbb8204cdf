/**
 * The Savina actor benchmarks of the SOMns record and replay study, on Akka Classic.
 *
 * <p>{@link dev.reprise.savina.SavinaMain} runs one benchmark from the command line;
 * {@link dev.reprise.savina.Benchmarks} lists them; each implements
 * {@link dev.reprise.savina.SavinaBenchmark}. Every iteration's actors descend from one
 * {@link dev.reprise.savina.RootActor}, created by the harness thread, which never sends a
 * message itself.
 */
package dev.reprise.savina;
