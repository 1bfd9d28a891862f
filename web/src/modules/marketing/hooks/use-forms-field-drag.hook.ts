import { dragAndDrop, tearDown } from '@formkit/drag-and-drop';
import { useCallback, useRef } from 'react';

/**
 * Reordering a list by drag and drop (@formkit/drag-and-drop): the element given to `listRef` is the sortable
 * parent, each child with `data-sortable` a row dragged by its `[data-drag-handle]`. While a row is dragged the
 * library calls `onReorder` with the list in its new order (the rows follow); keyboard users have the rows'
 * move up / down buttons. Rows added later are picked up by the library itself (it watches the list's children).
 */
export function useFormsFieldDrag<T>(items: readonly T[], onReorder: (next: T[]) => void) {
  const values = useRef<T[]>([...items]);
  values.current = [...items];
  const onReorderRef = useRef(onReorder);
  onReorderRef.current = onReorder;
  const mounted = useRef<HTMLElement | null>(null);

  const listRef = useCallback((el: HTMLElement | null) => {
    if (mounted.current && mounted.current !== el) {
      tearDown(mounted.current);
      mounted.current = null;
    }
    if (!el || mounted.current === el) return;
    mounted.current = el;
    dragAndDrop<T>({
      parent: el,
      getValues: () => values.current,
      setValues: (next) => {
        values.current = next;
        onReorderRef.current(next);
      },
      config: {
        sortable: true,
        dragHandle: '[data-drag-handle]',
        draggable: (child) => child.hasAttribute('data-sortable'),
      },
    });
  }, []);

  return listRef;
}
