import { MantineProvider } from "@mantine/core";
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Countdown, secondsLeft } from "./countdown";

const notifyInfo = vi.fn();
vi.mock("../../lib/notify", () => ({ notifyInfo: (...args: unknown[]) => notifyInfo(...args) }));

describe("Countdown", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    notifyInfo.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it("counts whole seconds, never below 0", () => {
    expect(secondsLeft(10_500, 0)).toBe(11);
    expect(secondsLeft(0, 5_000)).toBe(0);
  });

  it("ticks every second and at 0 closes once with 'Ooops' / 'Session Expired'", () => {
    const onExpire = vi.fn();
    render(
      <MantineProvider>
        <Countdown target={Date.now() + 3_000} onExpire={onExpire} />
      </MantineProvider>,
    );
    expect(screen.getByRole("timer")).toHaveTextContent("Time remaining: 3 seconds");
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole("timer")).toHaveTextContent("Time remaining: 2 seconds");
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByRole("timer")).toHaveTextContent("Time remaining: 0 seconds");
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(notifyInfo).toHaveBeenCalledWith("Session Expired", "Ooops");
    act(() => vi.advanceTimersByTime(5_000));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});
