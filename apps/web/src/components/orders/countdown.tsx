/**
 * Countdown (spec §2 back-office screens, §9): "Time remaining: N seconds" down to `target`,
 * ticking every second. At 0 it calls `onExpire` (the Bank Transfer modal closes) and shows the
 * "Session Expired" info notice titled "Ooops" (unless `quiet`: a reminder of a pending order).
 */
import { Text, type TextProps } from "@mantine/core";
import { useInterval } from "@mantine/hooks";
import { COUNTDOWN_TICK_MS, TEXT } from "@market/contract";
import { useEffect, useRef, useState } from "react";
import { notifyInfo } from "../../lib/notify";

/** Whole seconds left until `target` (ms since epoch), never below 0. */
export function secondsLeft(target: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((target - now) / 1000));
}

export function Countdown({
  target,
  onExpire,
  quiet = false,
  ...props
}: { target: number; onExpire: () => void; quiet?: boolean } & TextProps) {
  const [left, setLeft] = useState(() => secondsLeft(target));
  const fired = useRef(false);
  const interval = useInterval(() => setLeft(secondsLeft(target)), COUNTDOWN_TICK_MS, { autoInvoke: true });

  useEffect(() => {
    setLeft(secondsLeft(target));
    fired.current = false;
  }, [target]);

  useEffect(() => {
    if (left > 0 || fired.current) return;
    fired.current = true;
    interval.stop();
    onExpire();
    if (!quiet) notifyInfo(TEXT.alerts.sessionExpired, TEXT.alerts.errorTitle);
  }, [left, onExpire, interval, quiet]);

  // The server draws the seconds left when it renders; the browser hydrates a moment later and
  // counts again, so the number differs by design. The next tick (1 s) writes the browser's value.
  return (
    <Text role="timer" aria-live="off" suppressHydrationWarning {...props}>
      {TEXT.pages.timeRemaining(left)}
    </Text>
  );
}
