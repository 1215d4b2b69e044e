import {
  customGiftSetRequestSchema,
  GIFT_MESSAGES,
  GIFT_SET_SIZE,
  LOWER_VALUES_COUNT,
  HIGHER_VALUES_COUNT,
  type CustomGiftSet,
  type Gift,
} from '@dond/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ME_KEY } from '../../api/auth';
import { useFreshCustomGiftSet, useSaveCustomGiftSet } from '../../api/gifts';
import { HttpError, serverMessage } from '../../api/request';
import { Footer } from '../../ui/Footer';
import { toast } from '../../ui/toastStore';
import { GiftCatalogue } from './GiftCatalogue';
import { GiftPicker } from './GiftPicker';
import {
  addGift,
  defaultState,
  idsToSave,
  initialState,
  isDirty,
  removeGift,
  swapGift,
  unusedGifts,
  usedGiftsDescending,
  valueBoards,
  type EditorState,
} from './giftSetEditor';
import { ValueBoard } from './ValueBoard';
import './customize.css';

/** SPEC.md sections 2 and 8: the strings of this screen. */
export const CUSTOMIZE_TEXT = {
  authRequired: 'Authentication Required',
  backToGame: 'Back to Game',
  saved: 'Gift Set Saved!',
  savedDescription: 'Your custom gift selection has been saved successfully.',
  saveFailed: 'Save Failed',
  saveFailedDescription: 'Failed to save your gift selection.',
} as const;

const isUnauthorized = (error: unknown) => error instanceof HttpError && error.status === 401;

/** /customize-gifts: build the set of 26 gifts that go in the briefcases. */
export function CustomizeGiftsScreen() {
  // Always read afresh on opening: the set may have changed elsewhere, and the answer checks the session.
  const query = useFreshCustomGiftSet();
  const [sessionGone, setSessionGone] = useState(false);
  const fresh = query.isFetchedAfterMount;

  // A null answer is another reader's way of keeping a 401: the session is gone all the same.
  if (sessionGone || isUnauthorized(query.error) || (fresh && query.data === null))
    return <AuthenticationRequired />;
  if (!fresh && !query.isError) {
    return (
      <main className="center-screen">
        <p className="loading" role="status">
          Loading...
        </p>
      </main>
    );
  }
  if (query.isError) {
    return (
      <main className="center-screen">
        <div className="card" role="alert">
          <h1>Your gifts could not be loaded</h1>
          <p>{serverMessage(query.error) ?? query.error.message}</p>
          <div className="customize-card-actions">
            <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
              Try again
            </button>
            <Link to="/" className="btn btn-ghost">
              {CUSTOMIZE_TEXT.backToGame}
            </Link>
          </div>
        </div>
      </main>
    );
  }
  return (
    <GiftSetEditor saved={query.data?.customGiftSet ?? null} onSessionGone={() => setSessionGone(true)} />
  );
}

/** Shown when the session is gone (the server answers 401). */
function AuthenticationRequired() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <main className="center-screen">
      <div className="card customize-auth-card">
        <div className="customize-auth-icon" aria-hidden="true">
          🔒
        </div>
        <h1>{CUSTOMIZE_TEXT.authRequired}</h1>
        <p>Your session has ended. Please sign in again to customize your gifts.</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={async () => {
            // Ask the server who is signed in (nobody, now), so the game's routes show the login screen.
            await queryClient.refetchQueries({ queryKey: ME_KEY });
            navigate('/');
          }}
        >
          {CUSTOMIZE_TEXT.backToGame}
        </button>
      </div>
    </main>
  );
}

type Picker =
  | { kind: 'swap'; gift: Gift; from: 'board' | 'catalogue' }
  | { kind: 'add' }
  | { kind: 'replace'; gift: Gift };

function GiftSetEditor({ saved, onSessionGone }: { saved: CustomGiftSet | null; onSessionGone(): void }) {
  const baseline = useMemo(() => initialState(saved), [saved]);
  const [state, setState] = useState<EditorState>(baseline);
  const [picker, setPicker] = useState<Picker | null>(null);
  // Each opening is a new dialog element, so a late event from the last one can never reach it.
  const [pickerKey, setPickerKey] = useState(0);
  const [changedId, setChangedId] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const save = useSaveCustomGiftSet();
  const nameId = useId();
  const nameErrorId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  /** Where the focus goes once the next render is on screen (the dialog gone): an element or a selector. */
  const focusNext = useRef<HTMLElement | string | null>(null);

  const dirty = isDirty(state, baseline);
  const count = state.giftIds.length;
  const boards = valueBoards(state);
  const selectedIds = useMemo(() => new Set(state.giftIds), [state.giftIds]);
  const nameCheck = customGiftSetRequestSchema.shape.name.safeParse(state.name);
  const nameError = nameCheck.success ? null : (nameCheck.error.issues[0]?.message ?? null);

  // After a change, move the keyboard focus to where the change landed.
  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    const element = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
    if (element?.isConnected) element.focus();
  });

  function openPicker(next: Picker) {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPickerKey((k) => k + 1);
    setPicker(next);
  }

  function closePicker() {
    setPicker(null);
    // Not at once: while the modal dialog is open, everything behind it refuses the focus.
    focusNext.current = opener.current;
  }

  function change(next: EditorState, message: string, focus: string | null, changed: number | null) {
    setState(next);
    setPicker(null);
    setChangedId(changed);
    setAnnouncement(message);
    focusNext.current = focus;
  }

  const boardSlot = (id: number) => `.value-slot[data-gift-id="${id}"]`;
  const catalogueItem = (id: number) => `.catalogue-gift[data-gift-id="${id}"]`;

  function pickFor(current: Picker, gift: Gift) {
    if (current.kind === 'swap') {
      const focus = current.from === 'board' ? boardSlot(gift.id) : catalogueItem(current.gift.id);
      change(
        swapGift(state, current.gift.id, gift.id),
        `${gift.name} swapped in for ${current.gift.name}.`,
        focus,
        gift.id,
      );
    } else if (current.kind === 'add') {
      change(addGift(state, gift.id), `${gift.name} added.`, boardSlot(gift.id), gift.id);
    } else {
      // A catalogue gift comes in, in the place of the set's gift just picked.
      change(
        swapGift(state, gift.id, current.gift.id),
        `${current.gift.name} swapped in for ${gift.name}.`,
        catalogueItem(current.gift.id),
        current.gift.id,
      );
    }
  }

  function onCatalogueGift(gift: Gift) {
    if (selectedIds.has(gift.id)) openPicker({ kind: 'swap', gift, from: 'catalogue' });
    else if (count < GIFT_SET_SIZE)
      change(addGift(state, gift.id), `${gift.name} added.`, catalogueItem(gift.id), gift.id);
    else openPicker({ kind: 'replace', gift });
  }

  function onSave() {
    if (count !== GIFT_SET_SIZE) {
      toast({
        title: GIFT_MESSAGES.invalidSelectionTitle,
        description: GIFT_MESSAGES.invalidSelection,
        variant: 'destructive',
      });
      return;
    }
    const body = customGiftSetRequestSchema.safeParse({ name: state.name, giftIds: idsToSave(state) });
    if (!body.success) {
      nameRef.current?.focus();
      return;
    }
    save.mutate(body.data, {
      onSuccess: () => {
        setState((s) => ({ ...s, name: body.data.name }));
        toast({ title: CUSTOMIZE_TEXT.saved, description: CUSTOMIZE_TEXT.savedDescription });
      },
      onError: (error) => {
        toast({
          title: CUSTOMIZE_TEXT.saveFailed,
          description: serverMessage(error) ?? CUSTOMIZE_TEXT.saveFailedDescription,
          variant: 'destructive',
        });
        if (isUnauthorized(error)) onSessionGone();
      },
    });
  }

  return (
    <div className="customize">
      <header className="customize-top">
        <Link to="/" className="btn btn-ghost customize-back">
          <span aria-hidden="true">←</span> {CUSTOMIZE_TEXT.backToGame}
        </Link>
        <div className="customize-title">
          <h1>Customize Gifts</h1>
          <p>Choose the 26 gifts that go in the briefcases. Pick a gift on a board to swap it.</p>
        </div>
      </header>

      <main className="customize-main">
        <section className="customize-toolbar" aria-label="Gift set">
          <div className="field customize-name">
            <label htmlFor={nameId}>Gift set name</label>
            <input
              id={nameId}
              ref={nameRef}
              value={state.name}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? nameErrorId : undefined}
              onChange={(event) => setState((s) => ({ ...s, name: event.target.value }))}
            />
            {nameError && (
              <p id={nameErrorId} className="field-error">
                {nameError}
              </p>
            )}
          </div>
          <p
            className="customize-counter"
            data-complete={count === GIFT_SET_SIZE ? 'true' : 'false'}
            role="status"
            aria-live="polite"
          >
            <strong>
              {count}/{GIFT_SET_SIZE}
            </strong>{' '}
            gifts selected
          </p>
          <div className="customize-actions">
            {dirty && <span className="customize-unsaved">Unsaved changes</span>}
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => change(defaultState(), 'The default 26 gifts are back.', null, null)}
            >
              Reset
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={!dirty || save.isPending}
              onClick={onSave}
            >
              {save.isPending ? 'Saving...' : 'Save'}
            </button>
          </div>
        </section>

        <div className="value-boards">
          <ValueBoard
            title="LOWER VALUES"
            tone="lower"
            gifts={boards.lower}
            emptySlots={Math.max(0, LOWER_VALUES_COUNT - boards.lower.length)}
            changedId={changedId}
            onGift={(gift) => openPicker({ kind: 'swap', gift, from: 'board' })}
            onEmptySlot={() => openPicker({ kind: 'add' })}
          />
          <ValueBoard
            title="HIGHER VALUES"
            tone="higher"
            gifts={boards.higher}
            emptySlots={Math.max(0, HIGHER_VALUES_COUNT - boards.higher.length)}
            changedId={changedId}
            onGift={(gift) => openPicker({ kind: 'swap', gift, from: 'board' })}
            onEmptySlot={() => openPicker({ kind: 'add' })}
          />
        </div>

        <GiftCatalogue selectedIds={selectedIds} onGift={onCatalogueGift} />
        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
      </main>
      <Footer />

      {picker && (
        <GiftPicker
          key={pickerKey}
          title={
            picker.kind === 'swap'
              ? `Swap ${picker.gift.name}`
              : picker.kind === 'add'
                ? 'Add a gift'
                : `Swap in ${picker.gift.name}`
          }
          hint={
            picker.kind === 'replace'
              ? 'Your set is full. Pick the gift it replaces, highest value first.'
              : 'Gifts not in your set, highest value first.'
          }
          current={picker.kind === 'add' ? undefined : picker.gift}
          options={picker.kind === 'replace' ? usedGiftsDescending(state) : unusedGifts(state)}
          emptyText="Every gift is already in your set."
          onPick={(gift) => pickFor(picker, gift)}
          secondary={
            picker.kind === 'swap'
              ? {
                  label: `Remove ${picker.gift.name}`,
                  onClick: () =>
                    change(
                      removeGift(state, picker.gift.id),
                      `${picker.gift.name} removed.`,
                      picker.from === 'board' ? '.value-slot-empty' : catalogueItem(picker.gift.id),
                      null,
                    ),
                }
              : undefined
          }
          onClose={closePicker}
        />
      )}
    </div>
  );
}
