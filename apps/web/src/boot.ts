/**
 * How a page the server rendered starts the app (ADR 049): the server sends this small script in
 * place of the app's own, naming the app's script and the page's modules in its data attributes.
 * They are fetched once the page has been painted and its main pictures (those it asks for at high
 * priority) have arrived: the page is already there to see, so on a slow connection the scripts
 * do not take the bandwidth those pictures need, and the first paint never waits for them to run.
 */
const MAIN_PICTURES_WAIT_MS = 3_000;

const boot = document.querySelector<HTMLScriptElement>('script[data-app]');

function mainPictures(): Promise<unknown> {
  const pictures = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  return Promise.race([
    Promise.all(pictures.map((picture) => picture.decode().catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, MAIN_PICTURES_WAIT_MS)),
  ]);
}

const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

if (boot) {
  const { app = '', modules = '' } = boot.dataset;
  void Promise.all([painted(), mainPictures()]).then(() => {
    for (const href of modules.split(' ').filter(Boolean)) {
      document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
    }
    return import(/* @vite-ignore */ app);
  });
}
