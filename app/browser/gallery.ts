// The gallery's viewer (app/components/photo-viewer.tsx): a tap on a thumbnail opens its photo
// large, sized for the screen; arrows, the buttons or a swipe move between photos; Escape,
// Close or a tap beside the photo closes it and gives focus back to the thumbnail. A tap that
// asks for a new tab or window (ctrl, cmd, shift, middle button) keeps the plain link.

/** A swipe shorter than this (CSS px) is a tap, not a move to the next photo. */
const swipeDistance = 40;
const viewerSizes = "(min-width: 1280px) 1200px, 100vw";

function startGallery(gallery: HTMLElement) {
  const links = [...gallery.querySelectorAll<HTMLAnchorElement>("a[data-photo]")];
  const dialog = gallery.querySelector<HTMLDialogElement>("dialog[data-viewer]");
  const stage = dialog?.querySelector<HTMLElement>("[data-viewer-stage]");
  const count = dialog?.querySelector<HTMLElement>("[data-viewer-count]");
  const caption = dialog?.querySelector<HTMLElement>("[data-viewer-caption]");
  if (!dialog || !stage || !count || !caption) return;
  let index = 0;
  let opener: HTMLAnchorElement | null = null;

  const show = (i: number) => {
    index = (i + links.length) % links.length;
    const link = links[index];
    const picture = link?.querySelector("picture")?.cloneNode(true);
    if (!link || !(picture instanceof HTMLElement)) return;
    picture.className = "contents";
    for (const source of picture.querySelectorAll("source, img")) {
      source.setAttribute("sizes", viewerSizes);
    }
    const img = picture.querySelector("img");
    const thumbnail = link.querySelector("img")?.currentSrc;
    if (img) {
      img.loading = "eager";
      img.setAttribute("fetchpriority", "high");
      // The photo fills the stage, fitted: until the large file arrives (a slow connection),
      // the thumbnail the page already has shows in the same place, not an empty stage.
      img.className = "size-full select-none object-contain";
      if (thumbnail) {
        img.style.background = `url("${thumbnail}") center / contain no-repeat`;
        img.addEventListener("load", () => img.style.removeProperty("background"), { once: true });
      }
    }
    stage.replaceChildren(picture);
    caption.textContent = link.closest("figure")?.querySelector("figcaption")?.textContent ?? "";
    caption.hidden = caption.textContent === "";
    count.textContent = `Photo ${index + 1} of ${links.length}`;
  };

  for (const [i, link] of links.entries()) {
    link.addEventListener("click", (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      opener = link;
      show(i);
      dialog.showModal();
    });
  }
  dialog.addEventListener("close", () => {
    stage.replaceChildren();
    opener?.focus();
  });
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") show(index + 1);
    else if (event.key === "ArrowLeft") show(index - 1);
    else return;
    event.preventDefault();
  });
  dialog.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    // The backdrop: a click on the dialog itself, outside its content.
    if (target === dialog || target?.closest("[data-viewer-close]")) dialog.close();
    const step = target?.closest<HTMLElement>("[data-viewer-step]")?.dataset.viewerStep;
    if (step) show(index + Number(step));
  });
  let start: { x: number; y: number } | null = null;
  stage.addEventListener("pointerdown", (event) => {
    start = { x: event.clientX, y: event.clientY };
  });
  stage.addEventListener("pointercancel", () => {
    start = null;
  });
  stage.addEventListener("pointerup", (event) => {
    const from = start;
    start = null;
    if (!from) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.abs(dx) >= swipeDistance && Math.abs(dx) > Math.abs(dy))
      show(index + (dx < 0 ? 1 : -1));
  });
}

export function startGalleries(root: ParentNode = document): void {
  for (const gallery of root.querySelectorAll<HTMLElement>("[data-gallery]")) startGallery(gallery);
}
