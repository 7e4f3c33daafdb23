/**
 * What the videos show on top of the app: captions, title cards and a visible pointer (a
 * recording has no mouse cursor of its own). Injected into every page as plain JavaScript: a
 * string, not a function, because tsx's compiled functions do not survive Playwright's
 * serialisation. The caption is kept in sessionStorage so that it stays across a navigation.
 */
export const OVERLAY_SCRIPT = String.raw`
(() => {
  if (window.__video) return;
  const KEY = '__video_caption';
  const Z = '2147483647';

  // Inside a frame (the phone in the welcome video) only the pointer is forwarded to the page.
  if (window.top !== window) {
    window.addEventListener('mousemove', (event) => {
      try { window.parent.__video && window.parent.__video.pointerFromFrame(window.frameElement, event.clientX, event.clientY); } catch (_) {}
    }, true);
    window.addEventListener('mousedown', () => {
      try { window.parent.__video && window.parent.__video.press(); } catch (_) {}
    }, true);
    return;
  }

  const css = [
    // left/right 0 with auto margins: a centred box may use the whole width before it wraps.
    '#__video-caption{position:fixed;left:0;right:0;bottom:36px;margin:0 auto;width:max-content;max-width:78%;transform:translateY(12px);',
    'padding:14px 26px;border-radius:16px;background:rgba(22,22,48,.86);color:#fff;',
    'font:600 24px/1.35 Inter,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;text-align:center;',
    'box-shadow:0 10px 30px rgba(0,0,0,.25);opacity:0;transition:opacity .35s,transform .35s;pointer-events:none;z-index:' + Z + '}',
    '#__video-caption.on{opacity:1;transform:translateY(0)}',
    '#__video-caption b{color:#c9caf5;font-weight:700}',
    '#__video-card{position:fixed;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;',
    'gap:18px;padding:0 12%;text-align:center;color:#fff;background:linear-gradient(135deg,#6465c7 0%,#3c3da4 100%);',
    'font-family:Inter,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;opacity:0;transition:opacity .45s;pointer-events:none;z-index:' + Z + '}',
    '#__video-card.on{opacity:1}',
    '#__video-card .brand{font-size:20px;font-weight:700;letter-spacing:.28em;text-transform:uppercase;color:#fcb900}',
    '#__video-card .title{font-size:54px;font-weight:800;line-height:1.1}',
    '#__video-card .subtitle{font-size:26px;font-weight:500;line-height:1.4;color:#e4e4fa;max-width:900px}',
    '#__video-pointer{position:fixed;left:0;top:0;width:26px;height:26px;margin:-13px 0 0 -13px;border-radius:50%;',
    'background:rgba(252,185,0,.55);border:3px solid #fff;box-shadow:0 2px 8px rgba(0,0,0,.35);',
    'transform:translate(-100px,-100px);transition:transform .5s cubic-bezier(.3,.7,.4,1),width .12s,height .12s,margin .12s,opacity .3s;',
    'pointer-events:none;z-index:' + Z + '}',
    '#__video-card.on~#__video-pointer{opacity:0}',
    '#__video-pointer.press{width:40px;height:40px;margin:-20px 0 0 -20px;background:rgba(252,185,0,.85)}',
  ].join('');

  let caption, card, pointer;
  function mount() {
    if (caption) return;
    const style = document.createElement('style');
    style.textContent = css;
    document.documentElement.appendChild(style);
    caption = document.createElement('div');
    caption.id = '__video-caption';
    caption.setAttribute('aria-hidden', 'true');
    card = document.createElement('div');
    card.id = '__video-card';
    card.setAttribute('aria-hidden', 'true');
    pointer = document.createElement('div');
    pointer.id = '__video-pointer';
    document.documentElement.append(caption, card, pointer);
    const kept = sessionStorage.getItem(KEY);
    if (kept) show(kept, true);
  }
  function show(html, instant) {
    mount();
    if (!html) { caption.classList.remove('on'); return; }
    caption.innerHTML = html;
    if (instant) { caption.style.transition = 'none'; caption.classList.add('on'); caption.offsetWidth; caption.style.transition = ''; }
    else caption.classList.add('on');
  }
  function place(x, y) {
    mount();
    pointer.style.transform = 'translate(' + x + 'px,' + y + 'px)';
  }

  window.__video = {
    caption(html) {
      if (html) sessionStorage.setItem(KEY, html); else sessionStorage.removeItem(KEY);
      show(html, false);
    },
    card(brand, title, subtitle, instant) {
      mount();
      card.innerHTML = '';
      for (const [cls, text] of [['brand', brand], ['title', title], ['subtitle', subtitle]]) {
        if (!text) continue;
        const line = document.createElement('div');
        line.className = cls;
        line.textContent = text;
        card.appendChild(line);
      }
      if (instant) { card.style.transition = 'none'; card.classList.add('on'); card.offsetWidth; card.style.transition = ''; }
      else card.classList.add('on');
    },
    hideCard() { mount(); card.classList.remove('on'); },
    pointerFromFrame(frame, x, y) {
      const box = frame.getBoundingClientRect();
      const scale = box.width / frame.offsetWidth;
      place(box.left + x * scale, box.top + y * scale);
    },
    press() {
      mount();
      pointer.classList.add('press');
      setTimeout(() => pointer.classList.remove('press'), 180);
    },
  };

  window.addEventListener('mousemove', (event) => place(event.clientX, event.clientY), true);
  window.addEventListener('mousedown', () => window.__video.press(), true);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
  else mount();
})();
`;
