import type { Locale } from '../../../common/localized-text.ts';
import type { CommandAction } from '../write.ts';

/**
 * Every audit event as a sentence in the reader's language (issue 26): `{actor}` is who did it (a
 * name, or the system), `{subject}` the record it names as the presenter resolves it ("de pagina
 * Nieuws"). One row per action in `COMMANDS`: `sentences.test.ts` fails on a command without its
 * sentence in Dutch and English.
 */
export type Sentence = Readonly<Record<Locale, string>>;

export const SENTENCES = {
  'page.update': {
    nl: '{actor} wijzigde de instellingen van de pagina {subject}',
    en: '{actor} changed the settings of the page {subject}',
  },
  'block.create': {
    nl: '{actor} voegde een blok toe aan de pagina {subject}',
    en: '{actor} added a block to the page {subject}',
  },
  'block.update': {
    nl: '{actor} wijzigde een blok op de pagina {subject}',
    en: '{actor} changed a block on the page {subject}',
  },
  'block.updateOptions': {
    nl: '{actor} wijzigde de opties van een blok op de pagina {subject}',
    en: '{actor} changed the options of a block on the page {subject}',
  },
  'block.updatePermissions': {
    nl: '{actor} wijzigde de rechten van een blok op de pagina {subject}',
    en: '{actor} changed the rights of a block on the page {subject}',
  },
  'block.delete': {
    nl: '{actor} verwijderde een blok van de pagina {subject}',
    en: '{actor} removed a block from the page {subject}',
  },
  'block.reorder': {
    nl: '{actor} verplaatste blokken op de pagina {subject}',
    en: '{actor} moved blocks on the page {subject}',
  },
  'listItem.create': { nl: '{actor} voegde het item {subject} toe', en: '{actor} added the item {subject}' },
  'listItem.update': { nl: '{actor} wijzigde het item {subject}', en: '{actor} changed the item {subject}' },
  'listItem.delete': {
    nl: '{actor} verwijderde het item {subject}',
    en: '{actor} deleted the item {subject}',
  },
  'listItem.reorder': {
    nl: '{actor} zette de items van een lijst op de pagina {subject} in een andere volgorde',
    en: '{actor} reordered the items of a list on the page {subject}',
  },
  'media.upload': { nl: '{actor} uploadde een afbeelding', en: '{actor} uploaded an image' },
  'media.copy': { nl: '{actor} kopieerde een afbeelding', en: '{actor} copied an image' },
  'media.update': {
    nl: '{actor} wijzigde de gegevens van een afbeelding',
    en: "{actor} changed an image's details",
  },
  'media.replace': {
    nl: '{actor} verving het bestand van een afbeelding',
    en: "{actor} replaced an image's file",
  },
  'media.delete': {
    nl: '{actor} verwijderde een afbeelding uit de mediabibliotheek',
    en: '{actor} deleted an image from the media library',
  },
  'settings.update': {
    nl: '{actor} wijzigde de instellingen van de site',
    en: '{actor} changed the site settings',
  },
  'cache.invalidate': { nl: '{actor} leegde de cache', en: '{actor} cleared the cache' },
  'role.create': { nl: '{actor} maakte de rol {subject}', en: '{actor} created the role {subject}' },
  'role.update': { nl: '{actor} wijzigde de rol {subject}', en: '{actor} changed the role {subject}' },
  'role.delete': { nl: '{actor} verwijderde de rol {subject}', en: '{actor} deleted the role {subject}' },
  'user.signUp': { nl: '{actor} registreerde zich', en: '{actor} signed up' },
  'user.signIn': { nl: '{actor} meldde zich aan', en: '{actor} signed in' },
  'user.signInFailed': { nl: 'Een aanmelding als {subject} mislukte', en: 'A sign-in as {subject} failed' },
  'user.changePassword': { nl: '{actor} wijzigde het wachtwoord', en: '{actor} changed the password' },
  'user.resetPassword': { nl: '{actor} stelde een nieuw wachtwoord in', en: '{actor} set a new password' },
  'user.verifyEmail': { nl: '{actor} bevestigde het e-mailadres', en: '{actor} verified the e-mail address' },
  'user.updateProfile': { nl: '{actor} wijzigde het profiel', en: '{actor} changed the profile' },
  'user.deleteAccount': {
    nl: 'Het account {subject} is verwijderd door de gebruiker zelf',
    en: 'The account {subject} was deleted by its user',
  },
  'user.update': {
    nl: '{actor} wijzigde het account van {subject}',
    en: "{actor} changed {subject}'s account",
  },
  'session.signOut': { nl: '{actor} meldde zich af', en: '{actor} signed out' },
  'session.revoke': { nl: '{actor} beëindigde een sessie', en: '{actor} ended a session' },
  'apiToken.create': {
    nl: '{actor} maakte de API-sleutel {subject}',
    en: '{actor} created the API token {subject}',
  },
  'apiToken.revoke': {
    nl: '{actor} trok de API-sleutel {subject} in',
    en: '{actor} revoked the API token {subject}',
  },
  'invitation.create': { nl: '{actor} verstuurde een uitnodiging', en: '{actor} sent an invitation' },
  'invitation.revoke': { nl: '{actor} trok een uitnodiging in', en: '{actor} revoked an invitation' },
  'invitation.accept': { nl: '{actor} nam een uitnodiging aan', en: '{actor} accepted an invitation' },
  'headerImage.create': {
    nl: '{actor} voegde de kopafbeelding {subject} toe',
    en: '{actor} added the header image {subject}',
  },
  'headerImage.update': {
    nl: '{actor} wijzigde de kopafbeelding {subject}',
    en: '{actor} changed the header image {subject}',
  },
  'headerImage.delete': {
    nl: '{actor} verwijderde de kopafbeelding {subject}',
    en: '{actor} deleted the header image {subject}',
  },
  'itemType.create': {
    nl: '{actor} maakte het itemtype {subject}',
    en: '{actor} created the item type {subject}',
  },
  'itemType.update': {
    nl: '{actor} wijzigde het itemtype {subject}',
    en: '{actor} changed the item type {subject}',
  },
  'itemType.delete': {
    nl: '{actor} verwijderde het itemtype {subject}',
    en: '{actor} deleted the item type {subject}',
  },
  'site.seed': { nl: '{actor} vulde de demosite', en: '{actor} seeded the demo site' },
  'site.import': {
    nl: '{actor} verving de inhoud van de site door een export',
    en: "{actor} replaced the site's content with an export",
  },
  'user.create': { nl: '{actor} maakte het account {subject}', en: '{actor} created the account {subject}' },
  'user.erase': { nl: '{actor} wiste het account {subject}', en: '{actor} erased the account {subject}' },
  'user.revokeSessions': {
    nl: '{actor} beëindigde alle sessies van {subject}',
    en: '{actor} ended every session of {subject}',
  },
  'user.resendVerification': {
    nl: '{actor} stuurde {subject} opnieuw de bevestigingsmail',
    en: '{actor} sent {subject} the verification mail again',
  },
  'role.addMember': {
    nl: '{actor} voegde een lid toe aan de rol {subject}',
    en: '{actor} added a member to the role {subject}',
  },
  'role.removeMember': {
    nl: '{actor} haalde een lid uit de rol {subject}',
    en: '{actor} removed a member from the role {subject}',
  },
  'propertyDefinition.create': {
    nl: '{actor} maakte het profielveld {subject}',
    en: '{actor} created the profile field {subject}',
  },
  'propertyDefinition.update': {
    nl: '{actor} wijzigde het profielveld {subject}',
    en: '{actor} changed the profile field {subject}',
  },
  'propertyDefinition.delete': {
    nl: '{actor} verwijderde het profielveld {subject}',
    en: '{actor} deleted the profile field {subject}',
  },
  'propertyDefinition.reorder': {
    nl: '{actor} zette de profielvelden in een andere volgorde',
    en: '{actor} reordered the profile fields',
  },
  'menu.create': { nl: '{actor} maakte het menu {subject}', en: '{actor} created the menu {subject}' },
  'menu.update': { nl: '{actor} wijzigde het menu {subject}', en: '{actor} changed the menu {subject}' },
  'menu.delete': { nl: '{actor} verwijderde het menu {subject}', en: '{actor} deleted the menu {subject}' },
  'menuItem.create': {
    nl: '{actor} voegde het menu-item {subject} toe',
    en: '{actor} added the menu item {subject}',
  },
  'menuItem.update': {
    nl: '{actor} wijzigde het menu-item {subject}',
    en: '{actor} changed the menu item {subject}',
  },
  'menuItem.delete': {
    nl: '{actor} verwijderde het menu-item {subject}',
    en: '{actor} deleted the menu item {subject}',
  },
  'menuItem.move': {
    nl: '{actor} verplaatste het menu-item {subject}',
    en: '{actor} moved the menu item {subject}',
  },
  'redirect.create': {
    nl: '{actor} maakte de doorverwijzing {subject}',
    en: '{actor} created the redirect {subject}',
  },
  'redirect.update': {
    nl: '{actor} wijzigde de doorverwijzing {subject}',
    en: '{actor} changed the redirect {subject}',
  },
  'redirect.delete': {
    nl: '{actor} verwijderde de doorverwijzing {subject}',
    en: '{actor} deleted the redirect {subject}',
  },
  'page.create': { nl: '{actor} maakte de pagina {subject}', en: '{actor} created the page {subject}' },
  'page.duplicate': {
    nl: '{actor} maakte de pagina {subject} als kopie',
    en: '{actor} made the page {subject} as a copy',
  },
  'page.delete': { nl: '{actor} verwijderde de pagina {subject}', en: '{actor} deleted the page {subject}' },
  'pageTemplate.create': {
    nl: '{actor} maakte de sjabloon {subject}',
    en: '{actor} created the template {subject}',
  },
  'pageTemplate.update': {
    nl: '{actor} wijzigde de sjabloon {subject}',
    en: '{actor} changed the template {subject}',
  },
  'pageTemplate.delete': {
    nl: '{actor} verwijderde de sjabloon {subject}',
    en: '{actor} deleted the template {subject}',
  },
  'page.saveDraft': { nl: '{actor} wijzigde de pagina {subject}', en: '{actor} changed the page {subject}' },
  'page.restoreRevision': {
    nl: '{actor} zette een eerdere versie van de pagina {subject} terug',
    en: '{actor} restored an earlier version of the page {subject}',
  },
  'page.discardDraft': {
    nl: '{actor} gooide het concept van de pagina {subject} weg',
    en: '{actor} discarded the draft of the page {subject}',
  },
  'page.publish': {
    nl: '{actor} publiceerde de pagina {subject}',
    en: '{actor} published the page {subject}',
  },
  'page.unpublish': {
    nl: '{actor} haalde de pagina {subject} offline',
    en: '{actor} unpublished the page {subject}',
  },
  'page.schedule': {
    nl: '{actor} plande de publicatie van de pagina {subject}',
    en: '{actor} scheduled the page {subject}',
  },
  'page.cancelSchedule': {
    nl: '{actor} annuleerde de planning van de pagina {subject}',
    en: '{actor} cancelled the schedule of the page {subject}',
  },
  'page.scheduleFailed': {
    nl: '{actor} kon de planning van de pagina {subject} niet uitvoeren',
    en: '{actor} could not carry out the schedule of the page {subject}',
  },
  'page.createPreviewLink': {
    nl: '{actor} maakte een voorbeeldlink van de pagina {subject}',
    en: '{actor} created a preview link of the page {subject}',
  },
  'page.revokePreviewLink': {
    nl: '{actor} trok een voorbeeldlink van de pagina {subject} in',
    en: '{actor} revoked a preview link of the page {subject}',
  },
  'form.create': { nl: '{actor} maakte het formulier {subject}', en: '{actor} created the form {subject}' },
  'form.duplicate': {
    nl: '{actor} maakte het formulier {subject} als kopie',
    en: '{actor} made the form {subject} as a copy',
  },
  'form.update': { nl: '{actor} wijzigde het formulier {subject}', en: '{actor} changed the form {subject}' },
  'form.publish': {
    nl: '{actor} publiceerde het formulier {subject}',
    en: '{actor} published the form {subject}',
  },
  'form.delete': {
    nl: '{actor} verwijderde het formulier {subject}',
    en: '{actor} deleted the form {subject}',
  },
  'formSubmission.create': {
    nl: '{actor} vulde het formulier {subject} in',
    en: '{actor} filled in the form {subject}',
  },
  'formSubmission.handle': {
    nl: '{actor} markeerde een inzending van {subject}',
    en: '{actor} marked a submission of {subject}',
  },
  'formSubmission.delete': {
    nl: '{actor} verwijderde een inzending van {subject}',
    en: '{actor} deleted a submission of {subject}',
  },
  'formSubmission.forgetAddresses': {
    nl: '{actor} wiste de adreskenmerken van inzendingen ouder dan een dag',
    en: '{actor} erased the address hashes of submissions older than a day',
  },
  'formSubmission.expire': {
    nl: '{actor} verwijderde inzendingen na hun bewaartermijn',
    en: '{actor} deleted submissions past their retention period',
  },
  'trash.restore': {
    nl: '{actor} haalde {subject} terug uit de prullenbak',
    en: '{actor} restored {subject} from the trash',
  },
  'trash.purge': {
    nl: '{actor} verwijderde {subject} definitief uit de prullenbak',
    en: '{actor} deleted {subject} from the trash for good',
  },
} as const satisfies Partial<Record<CommandAction, Sentence>>;

/** Who acts when no account did (a job, the first start), and what a record is called once it is gone. */
export const SYSTEM_ACTOR: Sentence = { nl: 'Het systeem', en: 'The system' };
export const VISITOR_ACTOR: Sentence = { nl: 'Een bezoeker', en: 'A visitor' };

export function sentenceOf(action: string): Sentence | null {
  return (SENTENCES as Readonly<Record<string, Sentence>>)[action] ?? null;
}
