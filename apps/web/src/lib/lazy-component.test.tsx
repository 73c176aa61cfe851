import { act, render, screen } from "@testing-library/react";
import { lazy, Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { lazyComponent } from "./lazy-component";

const Part = ({ label }: { label: string }) => <p>{label}</p>;

describe("lazyComponent", () => {
  it("renders without suspending once preloaded, where React.lazy would show its fallback first", async () => {
    const Preloaded = lazyComponent(async () => ({ default: Part }));
    await Preloaded.preload();
    const Plain = lazy(async () => ({ default: Part }));
    render(
      <>
        <Suspense fallback={<p>waiting a</p>}>
          <Preloaded label="tabs" />
        </Suspense>
        <Suspense fallback={<p>waiting b</p>}>
          <Plain label="plain" />
        </Suspense>
      </>,
    );
    // Synchronously after the first render: the preloaded part is there, the plain one is not.
    expect(screen.getByText("tabs")).toBeTruthy();
    expect(screen.getByText("waiting b")).toBeTruthy();
    await screen.findByText("plain");
  });

  it("loads once however often it is preloaded or rendered, and behaves like React.lazy before", async () => {
    const load = vi.fn(async () => ({ default: Part }));
    const Component = lazyComponent(load);
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Component label="late" />
      </Suspense>,
    );
    expect(screen.getByText("waiting")).toBeTruthy();
    await act(() => Component.preload());
    await screen.findByText("late");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries again after a failed load", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue({ default: Part });
    const Component = lazyComponent<{ label: string }>(load);
    await expect(Component.preload()).rejects.toThrow("offline");
    await expect(Component.preload()).resolves.toEqual({ default: Part });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
