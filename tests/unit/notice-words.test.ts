/** A notification reads in its reader's language where Kaksha wrote it, and as written where the school did. */
import { describe, expect, it } from 'vitest';
import { noticeWords } from '../../src/features/notifications/words';

const alert = {
  title: 'Aarav is absent',
  message: 'Aarav was marked absent on 24/11/2026 in V A.',
  translations: {
    hi: { title: 'Aarav अनुपस्थित', message: '24/11/2026 को V A में Aarav की उपस्थिति ‘अनुपस्थित’ दर्ज की गई।' },
    mr: { title: 'Aarav गैरहजर', message: '24/11/2026 रोजी V A मध्ये Aarav यांची हजेरी ‘गैरहजर’ अशी नोंदवली गेली.' },
  },
};

describe('noticeWords', () => {
  it('gives an alert’s words in Hindi and Marathi, and its English in English', () => {
    expect(noticeWords(alert, 'hi').title).toBe('Aarav अनुपस्थित');
    expect(noticeWords(alert, 'mr').message).toContain('गैरहजर');
    expect(noticeWords(alert, 'en')).toEqual({ title: alert.title, message: alert.message });
  });

  it('gives what the school wrote as written in every language', () => {
    const own = { title: 'Sports day', message: 'Wear the house T-shirt.' };
    for (const language of ['en', 'hi', 'mr'] as const) expect(noticeWords(own, language)).toEqual(own);
    // A translation the notification lacks (made before Marathi was added, say) falls back to English.
    expect(noticeWords({ ...alert, translations: { hi: alert.translations.hi } }, 'mr').title).toBe('Aarav is absent');
  });
});
