import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useLiveSetting } from "./use-live-setting.ts";

type Level = { level: number };

function setup(options: { store?: ((value: Level) => Promise<void>) | null; loaded?: Level | null } = {}) {
  const previews: number[] = [];
  const stored: number[] = [];
  const store =
    options.store === undefined
      ? async (value: Level) => {
          stored.push(value.level);
        }
      : options.store;
  const hook = renderHook(
    ({ loaded }: { loaded: Level | null }) =>
      useLiveSetting<Level>({
        defaults: () => ({ level: 5 }),
        loaded,
        copy: (value) => ({ ...value }),
        same: (a, b) => a.level === b.level,
        preview: async (value) => {
          previews.push(value.level);
        },
        store,
      }),
    { initialProps: { loaded: options.loaded ?? null } },
  );
  return { hook, previews, stored };
}

describe("useLiveSetting: edit, preview live, apply or reset", () => {
  it("previews each change, and Apply stores the edit, after the previews, and clears dirty", async () => {
    const { hook, previews, stored } = setup({ loaded: { level: 1 } });
    expect(hook.result.current.value).toEqual({ level: 1 });
    expect(hook.result.current.dirty).toBe(false);
    act(() => hook.result.current.change({ level: 7 }));
    expect(hook.result.current.dirty).toBe(true);
    await waitFor(() => expect(previews.at(-1)).toBe(7));
    await act(() => hook.result.current.apply());
    expect(stored).toEqual([7]);
    expect(hook.result.current.message).toBe("applied");
    expect(hook.result.current.dirty).toBe(false);
  });

  it("Reset previews the defaults without storing them; a change clears the last message", async () => {
    const { hook, previews, stored } = setup({ loaded: { level: 1 } });
    await act(() => hook.result.current.apply());
    expect(hook.result.current.message).toBe("applied");
    act(() => hook.result.current.reset());
    expect(hook.result.current.value).toEqual({ level: 5 });
    expect(hook.result.current.message).toBeNull();
    expect(hook.result.current.dirty).toBe(true);
    await waitFor(() => expect(previews.at(-1)).toBe(5));
    expect(stored).toEqual([1]);
  });

  it("says failed when storing fails, and does nothing with nothing to store on", async () => {
    const failing = setup({ loaded: { level: 1 }, store: () => Promise.reject(new Error("unplugged")) });
    await act(() => failing.hook.result.current.apply());
    expect(failing.hook.result.current.message).toBe("failed");
    expect(failing.hook.result.current.applying).toBe(false);

    const none = setup({ store: null });
    await act(() => none.hook.result.current.apply());
    expect(none.hook.result.current.message).toBeNull();
  });

  it("a new read from the glasses replaces the edit and counts as applied", () => {
    const { hook } = setup({ loaded: { level: 1 } });
    act(() => hook.result.current.change({ level: 9 }));
    hook.rerender({ loaded: { level: 3 } });
    expect(hook.result.current.value).toEqual({ level: 3 });
    expect(hook.result.current.dirty).toBe(false);
  });
});
