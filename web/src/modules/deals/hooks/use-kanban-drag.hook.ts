import { dragAndDrop, tearDown, type DragendEventData, type DragstartEventData } from '@formkit/drag-and-drop';
import { DEAL_STAGES, type DealStage, type DealView } from '@crm/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

type Columns = Record<DealStage, DealView[]>;

interface DragStart {
  deal: DealView;
  index: number;
}

interface Options {
  /** The board's columns as the server (and the optimistic cache) has them. */
  columns: Columns;
  /** A card was dropped in another column, at `index`; it was at `originalIndex` of its own. */
  onMove(deal: DealView, to: DealStage, index: number, originalIndex: number): void;
}

/** CSS classes the library puts on cards while dragging (styled by the column). */
export const DRAG_CLASSES = { placeholder: 'deal-drag-placeholder', dropZone: 'deal-drop-zone' } as const;

const isStage = (value: string | undefined): value is DealStage => (DEAL_STAGES as readonly string[]).includes(value ?? '');

/**
 * The Kanban's drag and drop with @formkit/drag-and-drop: each column's list is a parent of the group
 * 'pipeline' whose values are the column's deals. While a card is dragged the library moves it between the
 * lists of a local draft (the cached board is left alone, so a reload cannot pull it back mid-drag); when it
 * is dropped, the draft is dropped too and `onMove` is called only if the card ended in another column.
 * Within a column nothing is sortable: dropping a card on its own column does nothing.
 * A touch drag is the library's synthetic drag, which reports no dragstart: its end says what was dragged.
 */
export function useKanbanDrag({ columns, onMove }: Options) {
  const [draft, setDraft] = useState<Columns | null>(null);
  const shown = draft ?? columns;
  const values = useRef<Columns>(shown);
  values.current = shown;
  const dragging = useRef<DragStart | null>(null);
  /** The card whose synthetic drag last ended (cleared when a drag moves a card again). */
  const endedCard = useRef<Node | null>(null);
  const onMoveRef = useRef(onMove);
  onMoveRef.current = onMove;

  const finish = useCallback((end?: DragendEventData<DealView>) => {
    let start = dragging.current;
    if (!start && end && 'initialIndex' in end.state && endedCard.current !== end.draggedNode.el) {
      // A synthetic drag; a cancelled one reports its end twice, so each drag of a card ends once.
      endedCard.current = end.draggedNode.el;
      start = { deal: end.draggedNode.data.value, index: end.state.initialIndex };
    }
    if (!start) return;
    dragging.current = null;
    let to: DealStage = start.deal.stage;
    let index = start.index;
    for (const stage of DEAL_STAGES) {
      const at = values.current[stage].findIndex((deal) => deal.id === start.deal.id);
      if (at >= 0) {
        to = stage;
        index = at;
        break;
      }
    }
    setDraft(null);
    if (to !== start.deal.stage) onMoveRef.current(start.deal, to, index, start.index);
  }, []);

  // The library ends a drag on drop; a drag abandoned outside the window ends with dragend on the document.
  useEffect(() => {
    const late = () => window.setTimeout(() => finish(), 0);
    document.addEventListener('dragend', late);
    return () => document.removeEventListener('dragend', late);
  }, [finish]);

  const refs = useMemo(() => {
    const mounted = new Map<DealStage, HTMLElement>();
    const entries = DEAL_STAGES.map((stage) => {
      const ref = (el: HTMLElement | null) => {
        const previous = mounted.get(stage);
        if (previous && previous !== el) {
          tearDown(previous);
          mounted.delete(stage);
        }
        if (!el || previous === el) return;
        mounted.set(stage, el);
        dragAndDrop<DealView>({
          parent: el,
          getValues: (parent) => {
            const own = parent.dataset.stage;
            return isStage(own) ? values.current[own] : [];
          },
          setValues: (next, parent) => {
            const own = parent.dataset.stage;
            if (!isStage(own)) return;
            values.current = { ...values.current, [own]: next };
            endedCard.current = null;
            setDraft(values.current);
          },
          config: {
            group: 'pipeline',
            sortable: false,
            draggable: (child) => child.hasAttribute('data-deal-id'),
            dragPlaceholderClass: DRAG_CLASSES.placeholder,
            dropZoneClass: DRAG_CLASSES.dropZone,
            onDragstart: (data: DragstartEventData<DealView>) => {
              dragging.current = { deal: data.draggedNode.data.value, index: data.position };
              setDraft(values.current);
            },
            onDragend: (end: DragendEventData<DealView>) => finish(end),
          },
        });
      };
      return [stage, ref] as const;
    });
    return Object.fromEntries(entries) as Record<DealStage, (el: HTMLElement | null) => void>;
  }, [finish]);

  return { shown, listRef: (stage: DealStage) => refs[stage], dragging: draft !== null };
}
