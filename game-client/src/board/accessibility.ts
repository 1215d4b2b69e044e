import type { Application, Container } from 'pixi.js';

/**
 * Pixi's accessibility layer as the board needs it (TOOLCHAIN.md): every `accessible` object gets a real
 * <button> over the canvas, named by its `accessibleHint`, that the keyboard, screen readers and the browser
 * tests use. Pixi builds each button once; this keeps them true to the scene after every frame.
 */

type AccessibleDiv = HTMLElement & { container?: Container };
interface AccessibilityInternals {
  _div: HTMLDivElement | null;
  _children: Container[];
  _canvasObserver: { updateTranslation: () => void } | null;
}

const internals = (app: Application) => app.renderer.accessibility as unknown as AccessibilityInternals;

/** Turns the layer on for good (no mouse-move switch-off) and keeps it aligned with the canvas. */
export function enableAccessibleLayer(app: Application): void {
  const accessibility = app.renderer.accessibility;
  accessibility.setAccessibilityEnabled(true);
  const inner = internals(app);
  const layer = inner._div;
  if (!layer) return;
  layer.classList.add('board-a11y-layer');
  // Pixi places the layer by the canvas's screen rectangle, which is wrong inside a positioned, scrolled
  // or rotated (mobile) page. The layer sits in the canvas's own parent, so the canvas's origin is its origin.
  const align = () => {
    layer.style.transform = 'none';
    layer.style.top = '0px';
    layer.style.left = '0px';
  };
  if (inner._canvasObserver) inner._canvasObserver.updateTranslation = align;
  align();
  // The buttons sit over the canvas and take the pointer: hand hover on to the Pixi object beneath.
  for (const [from, to] of [
    ['pointerover', 'pointerover'],
    ['pointerout', 'pointerout'],
  ] as const) {
    layer.addEventListener(from, (event) => {
      const target = (event.target as AccessibleDiv).container;
      target?.emit(to, event as never);
    });
  }
}

/**
 * Names, disabled state and tab order of the buttons, from the scene as just drawn. The layer's elements all
 * share one z-index, so their DOM order is their stacking order: kept to the scene's order, a shield drawn
 * over some buttons also lies over their DOM twins, and the buttons drawn on it lie over it.
 */
export function syncAccessibleLayer(app: Application): void {
  const inner = internals(app);
  const layer = inner._div;
  if (!layer) return;
  const ordered: AccessibleDiv[] = [];
  const visit = (container: Container) => {
    if (!container.visible || !container.accessibleChildren) return;
    const div = (container as Container & { _accessibleDiv?: AccessibleDiv | null })._accessibleDiv;
    if (container.accessible && div && !(div instanceof HTMLButtonElement)) {
      // A shield (accessibleType 'div'): it only takes the pointer over the buttons it covers, so no tap on a
      // toast or an overlay reaches a case or a control beneath. Invisible to the keyboard and screen readers.
      if (div.getAttribute('aria-hidden') !== 'true') div.setAttribute('aria-hidden', 'true');
      if (div.hasAttribute('tabindex')) div.removeAttribute('tabindex');
      if (div.hasAttribute('title')) div.removeAttribute('title');
      div.dataset.shield = 'true';
      ordered.push(div);
    } else if (container.accessible && div) {
      const name = container.accessibleHint ?? container.accessibleTitle ?? '';
      if (div.getAttribute('aria-label') !== name) div.setAttribute('aria-label', name);
      if (div.title !== name) div.title = name;
      // An accessible object that is not interactive (DEAL! while locked) is a disabled button.
      const disabled = container.eventMode === 'none' || container.eventMode === 'passive';
      if (div instanceof HTMLButtonElement && div.disabled !== disabled) div.disabled = disabled;
      ordered.push(div);
    }
    for (const child of container.children) visit(child);
  };
  visit(app.stage);
  // Tab follows the scene's order even after objects come back (a new game re-adds every case).
  let previous: Element | null = null;
  for (const div of ordered) {
    const expected: Element | null = previous ? previous.nextElementSibling : layer.firstElementChild;
    if (expected !== div) layer.insertBefore(div, expected);
    previous = div;
  }
}
