import { useEffect, useRef } from 'react';

/** On `<html>` while an editor types in place (block-editor.css hides the blocks' tools then). */
export const TYPING_CLASS = 'is-typing-in-place';

/** How far (px) the pointer travels before the tools come back: a hand resting on the mouse does not. */
const POINTER_SLACK = 6;

/** A key that writes into the text (not a shortcut, not a move out of it). */
function writesText(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  return (
    event.key.length === 1 || event.key === 'Backspace' || event.key === 'Delete' || event.key === 'Enter'
  );
}

/** A field that takes the keys typed in it (text, a text area, rich text, a select's type-ahead). */
export function isTextField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement)
  );
}

/**
 * Typing in place (issue 26), as in WordPress's block editor: while the editor types in the text
 * fields inside the area, every block's toolbar and "add a block" button is hidden (visibility, so
 * nothing moves). The page then shows the text being written and little else, and each keystroke
 * paints and hit-tests far less of it. The tools come back as soon as the pointer moves, is pressed,
 * or the focus leaves the text (Tab, Escape, a click elsewhere): they are never hidden from someone
 * who reaches for them. Returns the ref of that area.
 */
export function useTypingMode<Area extends HTMLElement>() {
  const area = useRef<Area>(null);
  useEffect(() => {
    const root = document.documentElement;
    let pointer: { x: number; y: number } | null = null;
    let pointerAtStart: { x: number; y: number } | null = null;
    const isTyping = () => root.classList.contains(TYPING_CLASS);
    const stop = () => {
      if (isTyping()) root.classList.remove(TYPING_CLASS);
      pointerAtStart = null;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const inArea = area.current?.contains(event.target as Node) ?? false;
      if (inArea && isTextField(event.target) && writesText(event)) {
        if (!isTyping()) {
          root.classList.add(TYPING_CLASS);
          pointerAtStart = pointer;
        }
      } else if (!inArea || event.key === 'Tab' || event.key === 'Escape') {
        stop();
      }
    };
    const onPointerMove = (event: PointerEvent) => {
      pointer = { x: event.screenX, y: event.screenY };
      if (!isTyping()) return;
      if (!pointerAtStart) {
        pointerAtStart = pointer;
        return;
      }
      if (Math.hypot(pointer.x - pointerAtStart.x, pointer.y - pointerAtStart.y) >= POINTER_SLACK) stop();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!area.current?.contains(event.target as Node)) stop();
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('pointermove', onPointerMove, { capture: true, passive: true });
    document.addEventListener('pointerdown', stop, true);
    document.addEventListener('focusin', onFocusIn, true);
    window.addEventListener('blur', stop);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('pointermove', onPointerMove, true);
      document.removeEventListener('pointerdown', stop, true);
      document.removeEventListener('focusin', onFocusIn, true);
      window.removeEventListener('blur', stop);
      stop();
    };
  }, []);
  return area;
}
