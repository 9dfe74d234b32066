import { type ReactNode, useEffect, useState } from 'react';

/**
 * No click is lost while a screen's code loads (issue 35). The server's HTML shows buttons before
 * React has hydrated them (and, inside a lazily loaded part such as edit mode, before that part's
 * code is here); a click on such a button did nothing at all. The script below runs in the document's
 * head, before anything is shown, and holds such a click: the page shows it is busy, and once the
 * code has arrived the same button is clicked again, so the action happens. What works without
 * JavaScript is left alone: links, and a form's submit button when the form has an address to post
 * to. A form without one (sign-in) is held too, where the browser would otherwise send its fields
 * in the address.
 *
 * `<html data-hydrating>` is set by the script and removed by the root once React has hydrated
 * (`useHydrated`); `data-awaiting-code` marks a part that hydrates later (`AwaitsCode`). The script
 * watches both attributes and replays the click when neither is left around the button (or, if
 * React drew that part anew, on the button with the same place and text). Without JavaScript the
 * script does not run, so nothing looks busy.
 */
export const HYDRATING_ATTRIBUTE = 'data-hydrating';
export const AWAITING_CODE_ATTRIBUTE = 'data-awaiting-code';
/** On `<html>` while a click waits: the pointer shows progress. */
export const HELD_CLICK_ATTRIBUTE = 'data-held-click';

// Hand-written for the oldest browsers the site serves, and small: it is in every page.
const script = `(function(){
var d=document,r=d.documentElement,held=null,form=null,at=null,text=null,H='${HYDRATING_ATTRIBUTE}',A='${AWAITING_CODE_ATTRIBUTE}',C='${HELD_CLICK_ATTRIBUTE}';
r.setAttribute(H,'');
var CONTROL='button,[role="button"],[role="tab"],[role="menuitem"],[role="switch"],[role="option"],[role="combobox"]';
function waits(e){return r.hasAttribute(H)||!!e.closest('['+A+']');}
function native(c){var f=c.form;return c.tagName==='BUTTON'&&c.type==='submit'&&!!f&&f.hasAttribute('action');}
function path(e){var p=[];for(;e&&e!==d.body;e=e.parentElement)p.unshift([].indexOf.call(e.parentElement.children,e));return p;}
function find(p,t){var e=d.body;for(var i=0;e&&i<p.length;i++)e=e.children[p[i]];return e&&e.textContent===t?e:null;}
function hold(e,c){e.preventDefault();e.stopImmediatePropagation();held=c;r.setAttribute(C,'');if(c){at=path(c);text=c.textContent;}}
addEventListener('click',function(e){
if(!e.isTrusted||!(e.target instanceof Element))return;
var c=e.target.closest(CONTROL);
if(!c||native(c)||!waits(c))return;
hold(e,c);},true);
addEventListener('submit',function(e){
var f=e.target;
if(!e.isTrusted||!(f instanceof HTMLFormElement)||f.hasAttribute('action')||!waits(f))return;
hold(e,null);form=f;},true);
new MutationObserver(function(){
if(held&&!held.isConnected)held=find(at,text)||held;
var c=held,f=form;
if((!c&&!f)||r.hasAttribute(H)||(c&&c.isConnected&&c.closest('['+A+']'))||(f&&f.closest('['+A+']')))return;
held=null;form=null;r.removeAttribute(C);
setTimeout(function(){if(c&&c.isConnected)c.click();else if(f&&f.isConnected)f.requestSubmit();});
}).observe(r,{attributes:true,subtree:true,attributeFilter:[H,A]});
})();`;

/** The holding script, with the render's CSP nonce (a cached page names it by hash instead). */
export function ClickHoldScript({ nonce }: { nonce: string | undefined }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, no user text.
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}

/** Text fields whose value React's state has not seen: typed or filled in by the browser before hydration. */
const TEXT_FIELDS =
  'input:not([type]), input[type="text"], input[type="email"], input[type="password"], input[type="search"], input[type="tel"], input[type="url"], input[type="number"], textarea';

/**
 * What was typed into the server's fields before React hydrated them (or what the browser's
 * password manager filled in) reaches the components' state: React only hears of a change it sees
 * happen, so each such value is set back to the field's first value through React's own setter and
 * then, past it, to what was typed, and an input event reports the change.
 */
function reportTypedValues() {
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)) {
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    const prototype = Object.getPrototypeOf(field) as HTMLInputElement | HTMLTextAreaElement;
    const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
    if (!setValue) continue;
    field.value = field.defaultValue;
    setValue.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** In the root: React has hydrated the page, so its buttons work (and a held click goes through). */
export function useHydrated() {
  useEffect(() => {
    reportTypedValues();
    document.documentElement.removeAttribute(HYDRATING_ATTRIBUTE);
  }, []);
}

/**
 * Around a lazily loaded part the server renders (edit mode, a list's item tools): its buttons
 * show before its code is here, so a click on them waits until it has hydrated. `display: contents`
 * (site.css), so the layout does not change.
 */
export function AwaitsCode({ children }: { children: ReactNode }) {
  const [hasArrived, setArrived] = useState(false);
  useEffect(() => setArrived(true), []);
  return (
    <div className="awaits-code" {...(hasArrived ? {} : { [AWAITING_CODE_ATTRIBUTE]: '' })}>
      {children}
    </div>
  );
}
