package io.migrationguard.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class StringMemoTest {
  @Test
  void answersWhatWasPutForAnEqualStringNotOnlyTheSameInstance() {
    StringMemo<Integer> memo = new StringMemo<>(16, 8);
    assertNull(memo.get("1Gi"));
    memo.put("1Gi", 1);
    assertEquals(1, memo.get(new String("1Gi".toCharArray())));
    assertNull(memo.get("2Gi"));
  }

  @Test
  void neverHoldsALongerStringThanItsBound() {
    StringMemo<Integer> memo = new StringMemo<>(16, 8);
    memo.put("123456789", 9);
    assertNull(memo.get("123456789"));
    memo.put("12345678", 8);
    assertEquals(8, memo.get("12345678"));
  }

  @Test
  void holdsAtMostItsSlotsACollidingStringTakesTheSlotOver() {
    StringMemo<String> memo = new StringMemo<>(4, 16);
    for (int i = 0; i < 1000; i++) {
      memo.put("key-" + i, "v" + i);
    }
    int held = 0;
    for (int i = 0; i < 1000; i++) {
      String v = memo.get("key-" + i);
      if (v != null) {
        assertEquals("v" + i, v); // never another string's answer
        held++;
      }
    }
    assertEquals(4, held);
  }

  @Test
  void slotsMustBeAPowerOfTwo() {
    assertThrows(IllegalArgumentException.class, () -> new StringMemo<>(12, 8));
    assertThrows(IllegalArgumentException.class, () -> new StringMemo<>(0, 8));
  }
}
