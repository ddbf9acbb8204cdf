package dev.reprise.tide.trace;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.nodes.Node;
import dev.reprise.runtime.ActorRecord;
import dev.reprise.runtime.ThreadRecorder;
import dev.reprise.tide.language.TideLanguage;
import dev.reprise.tide.runtime.Actor;

/**
 * Records a system call's result ({@code time}, {@code random}, {@code readLine}, {@code resolve})
 * when the run records: the event, with its data id's width specialised ({@link IdWidthNode}),
 * and whether the actor switched ({@link ActorSwitchNode}) specialised, and the value, which
 * goes to the data file out of compiled code. While no context of the
 * engine records, the language's assumption removes it from compiled code.
 */
public final class RecordSystemCallNode extends Node {
    @Child
    private IdWidthNode dataIdWidth = IdWidthNode.create();

    @Child
    private ActorSwitchNode actorSwitch = ActorSwitchNode.create();

    /** {@code actor}'s call returned the number {@code value}. */
    public void execute(Actor actor, long value) {
        ThreadRecorder recorder = recorderIfRecording();
        if (recorder != null) {
            append(recorder, actor.record(), SystemValues.ofLong(value));
        }
    }

    /** {@code actor}'s call returned the line {@code value} (null: the end of the input). */
    public void execute(Actor actor, String value) {
        ThreadRecorder recorder = recorderIfRecording();
        if (recorder != null) {
            append(recorder, actor.record(), lineValue(value));
        }
    }

    /** {@code actor} printed {@code line} as line {@code number} of the output. */
    public void execute(Actor actor, long number, String line) {
        ThreadRecorder recorder = recorderIfRecording();
        if (recorder != null) {
            append(recorder, actor.record(), printValue(number, line));
        }
    }

    /**
     * {@code actor} is about to run the callback of its registration {@code offset} places from
     * the predicted one (not 0): the replay takes that callback, not another with the same sender
     * and resolver.
     */
    public void executeCallbackOffset(Actor actor, long offset) {
        ThreadRecorder recorder = recorderIfRecording();
        if (recorder != null) {
            append(recorder, actor.record(), callbackOffsetValue(offset));
        }
    }

    /** {@code actor}'s call returned {@code value}. */
    public void execute(Actor actor, boolean value) {
        ThreadRecorder recorder = recorderIfRecording();
        if (recorder != null) {
            append(recorder, actor.record(), SystemValues.ofBoolean(value));
        }
    }

    /** This thread's recorder when its run records, else null (and nothing at all in compiled code while no run records). */
    private ThreadRecorder recorderIfRecording() {
        TideLanguage language = TideLanguage.get(this);
        if (language.noRecording().isValid()) {
            return null;
        }
        return language.turn().recorder();
    }

    private void append(ThreadRecorder recorder, ActorRecord actor, byte[] value) {
        int width = dataIdWidth.execute(actor.nextDataId());
        long dataId = recorder.trySystemCall(actor, actorSwitch.execute(recorder, actor), width);
        if (dataId < 0) {
            slowPath(recorder, actor, value);
        } else {
            recordData(recorder, actor, dataId, value);
        }
    }

    // Encoding a string or copying arrays is no code to partially evaluate (it once made a
    // printing function's compilation fail with "too deep inlining").
    @TruffleBoundary
    private static byte[] printValue(long number, String line) {
        return SystemValues.ofPrint(number, line);
    }

    @TruffleBoundary
    private static byte[] lineValue(String line) {
        return SystemValues.ofLine(line);
    }

    @TruffleBoundary
    private static byte[] callbackOffsetValue(long offset) {
        return SystemValues.ofCallbackOffset(offset);
    }

    @TruffleBoundary
    private static void recordData(ThreadRecorder recorder, ActorRecord actor, long dataId, byte[] value) {
        recorder.systemCallValue(actor, dataId, value);
    }

    @TruffleBoundary
    private static void slowPath(ThreadRecorder recorder, ActorRecord actor, byte[] value) {
        recorder.systemCall(actor, value);
    }
}
