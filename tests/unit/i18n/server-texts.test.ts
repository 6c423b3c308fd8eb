/**
 * The server's texts (server/i18n, docs/i18n.md "Texts the server writes"): the English of the
 * words around notifications writes exactly what the English columns get from the contract, so a
 * translator's source is what parents read in English; every mail renders in every language with
 * its values in place and no id or placeholder left over.
 */
import { describe, expect, it } from 'vitest';
import { eventMessages } from '../../../contract/events';
import { resultMessages } from '../../../contract/exams';
import { feeMessages } from '../../../contract/fees';
import { languageCodes } from '../../../contract/languages';
import { messages } from '../../../contract/messages';
import { serverTexts } from '../../../server/i18n/catalogs';
import { translationsOf } from '../../../server/i18n/notice-translations';
import { claimNoticeMail, existingAccountMail, registrationCodeMail } from '../../../server/modules/auth/registration-mail';
import { resetCodeMail } from '../../../server/modules/password/mail';

const en = serverTexts('en');

describe('the English of the notices', () => {
  it('writes what the contract writes', () => {
    expect(en('notices.feeReminder.title')).toBe(feeMessages.reminderTitle);
    expect(en('notices.feeReminder.message', { student: 'Asha Patil', amount: '₹12,500.00', since: '10/07/2026' })).toBe(
      feeMessages.reminderMessage('Asha Patil', '₹12,500.00', '10/07/2026'),
    );
    expect(en('notices.results.title', { exam: 'Unit Test 1' })).toBe(resultMessages.publishedTitle('Unit Test 1'));
    expect(en('notices.results.message', { exam: 'Unit Test 1', className: 'VIII A' })).toBe(resultMessages.publishedMessage('Unit Test 1', 'VIII A'));
    for (const kind of ['holiday', 'exam', 'meeting', 'event', 'other']) {
      expect(en('notices.event.announced', { kind, title: 'Diwali' })).toBe(eventMessages.announced(kind, 'Diwali'));
    }
    expect(en('notices.event.changed', { title: 'Diwali' })).toBe(eventMessages.announcedChange('Diwali'));
    expect(en('notices.event.cancelled', { title: 'Diwali' })).toBe(eventMessages.announcedCancel('Diwali'));
    const range = en('notices.event.dateRange', { start: '01/11/2026', end: '05/11/2026' });
    expect(en('notices.event.cancelledMessage', { dates: range })).toBe(eventMessages.announcedCancelMessage('01/11/2026 to 05/11/2026'));
    expect(en('notices.event.when', { dates: '01/11/2026', times: 'between', startTime: '09:30', endTime: '11:00' })).toBe('01/11/2026, 09:30 to 11:00.');
    expect(en('notices.event.when', { dates: '01/11/2026', times: 'from', startTime: '09:30', endTime: '' })).toBe('01/11/2026, from 09:30.');
    expect(en('notices.event.when', { dates: range, times: 'none', startTime: '', endTime: '' })).toBe('01/11/2026 to 05/11/2026.');
  });

  it('translates the absence alert’s words around the names, once per language', () => {
    const values = { name: 'Asha', status: 'late', date: '23/11/2026', className: 'VIII A' };
    const translations = translationsOf((say) => ({ title: say('absenceAlerts.title', values), message: say('absenceAlerts.message', values) }));
    expect(translations).toEqual({
      hi: { title: 'Asha विलंब से', message: '23/11/2026 को VIII A में Asha की उपस्थिति ‘विलंब से’ दर्ज की गई।' },
      mr: { title: 'Asha उशिरा', message: '23/11/2026 रोजी VIII A मध्ये Asha यांची हजेरी ‘उशिरा’ अशी नोंदवली गेली.' },
    });
    expect(serverTexts('en')('absenceAlerts.title', values)).toBe(messages.absenceAlerts.title('Asha', 'late'));
  });

  it('refuses an id its catalogs lack', () => {
    expect(() => en('notices.nothing')).toThrow(/no message notices\.nothing/);
  });
});

describe('every mail in every language', () => {
  it.each(languageCodes)('renders in %s with its values and nothing left over', (language) => {
    const mails = [
      resetCodeMail('a@example.in', 'Green School', '4821', language),
      registrationCodeMail('a@example.in', 'Green School', 'teacher', '482193', language),
      registrationCodeMail('a@example.in', 'Green School', 'parent', '482193', language, { competing: true }),
      claimNoticeMail('a@example.in', 'Green School', language),
      existingAccountMail('a@example.in', 'Green School', language),
    ];
    for (const mail of mails) {
      expect(mail.text).toContain('Green School');
      expect(mail.text).not.toMatch(/[{}]|mail\.[a-z]|undefined/);
      expect(mail.html).toContain(`<html lang="${language}">`);
      if (language !== 'en') expect(mail.text).toMatch(/[\u0900-\u097F]/);
      if (language !== 'en') expect(mail.subject).toMatch(/[\u0900-\u097F]/);
    }
    expect(mails[0]!.text).toContain('4821');
    expect(mails[1]!.text).toContain('482193');
  });
});
