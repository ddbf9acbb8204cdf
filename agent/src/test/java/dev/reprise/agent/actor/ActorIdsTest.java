package dev.reprise.agent.actor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.reprise.agent.context.AgentCopy;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * Guardians get their ids from their actor system's place in the copy of the agent's classes that
 * met them, so actor systems that start at once, in one class loader or two, never race for them;
 * every other id comes from one counter that all copies share.
 */
class ActorIdsTest {
    @Test
    void eachCopysSystemsGetTheirGuardianIdsFromTheirPlaceInThatCopy() {
        AgentCopy first = new AgentCopy(1, true, new ConcurrentHashMap<>());
        AgentCopy second = new AgentCopy(2, true, first.shared());
        ActorIds one = ActorIds.recording(first);
        ActorIds two = ActorIds.recording(second);
        List<Long> secondsFirstSystem = guardians(two); // met before the first copy's: no matter
        assertEquals(List.of(1L, 2L, 3L), guardians(one));
        assertEquals(List.of(4L, 5L, 6L), guardians(one));
        long base = ActorIds.MORE_GUARDIANS + (2L << 20) * 4;
        assertEquals(List.of(base + 1, base + 2, base + 3), secondsFirstSystem);
        assertEquals(List.of(base + 5, base + 6, base + 7), guardians(two));
    }

    @Test
    void theFirstCopysSixthSystemAndLaterGetIdsOfTheirOwnToo() {
        ActorIds ids = ActorIds.recording(AgentCopy.only());
        for (int i = 0; i < 5; i++) {
            guardians(ids);
        }
        long base = ActorIds.MORE_GUARDIANS + ((1L << 20) + 5) * 4;
        assertEquals(List.of(base + 1, base + 2, base + 3), guardians(ids));
    }

    @Test
    void copiesCountOtherIdsFromOneCounter() {
        AgentCopy first = new AgentCopy(1, true, new ConcurrentHashMap<>());
        ActorIds one = ActorIds.recording(first);
        ActorIds two = ActorIds.recording(new AgentCopy(2, true, first.shared()));
        long a = one.next();
        assertEquals(List.of(a + 1, a + 2, a + 3), List.of(two.next(), one.next(), two.next()));
    }

    private static List<Long> guardians(ActorIds ids) {
        return List.of(ids.guardian("/"), ids.guardian("/user"), ids.guardian("/system"));
    }
}
