/** The privacy policy of Kaksha (English). Written for what the product actually stores and does. */
import { effectiveDate, type PolicyDocument } from './policy-types';

export const privacyPolicy: PolicyDocument = {
  title: 'Privacy policy',
  effectiveDate,
  intro: [
    'Kaksha is an offline-first school management service. Schools use it to keep admissions, student and teacher records, attendance, homework, notifications, fees, events, timetables, exams and report cards. This policy explains what Kaksha stores, who can see it, where copies are kept, and how it is deleted.',
    'Each school decides what it records about its students, parents and staff and why; it is responsible for that data under the law that applies to it, including India’s Digital Personal Data Protection Act, 2023. Kaksha stores and processes that data on the school’s behalf and only to run the service for it.',
  ],
  sections: [
    {
      id: 'data',
      heading: 'What a school keeps in Kaksha',
      list: [
        'Accounts: the e-mail address used to sign in, the role (administrator, teacher, student or parent), the school, whether the account is active, and the language the person chose to read Kaksha in. Passwords are stored only as salted argon2id hashes; nobody at Kaksha or at the school can read them.',
        'Student records: name, admission and roll numbers, class and section, date of birth, gender, parents’ names and e-mail address, phone numbers, address, and the Aadhaar and APAAR ids where the school records them.',
        'Teacher records: employee id, name, contact details, date of birth, gender and subjects.',
        'School activity: attendance, homework, notices, fee receipts, events, timetables, exams, marks and report cards.',
        'Device push tokens, when someone allows notifications (see below).',
        'Technical records: the address a request came from and when, kept in server logs to protect sign-in and other forms against abuse. Passwords, tokens and push tokens are removed from these logs before they are written.',
      ],
    },
    {
      id: 'roles',
      heading: 'Who can see what',
      paragraphs: ['Every request is checked against the school it belongs to and the role of the person making it:'],
      list: [
        'Administrators and teachers see and manage their own school’s records.',
        'Students see their own records: profile, attendance, homework, timetable, exams, fees and results.',
        'Parents see the records of their own children at that school.',
        'Nobody at one school can see anything of another school, even when the same e-mail address is used at both.',
        'Kaksha’s own operators do not read schools’ records in the course of their work. They see demo requests sent through our public contact form, and they may access a school’s data only to fix a problem that school has reported, or when the law requires it.',
      ],
      after: ['We do not sell personal data, show advertising, or put third-party trackers in the app.'],
    },
    {
      id: 'offline',
      heading: 'Offline copies on your device',
      paragraphs: [
        'So that Kaksha keeps working without a connection, the app keeps a copy of the records you are allowed to see in your browser’s storage on that device, together with any changes you made that have not reached the school yet. These changes are sent to the school’s server, in order and once each, as soon as the device is online again.',
        'Signing out removes from the device your sign-in token, your username and profile, the record of your last push token and the school you chose, so the app can no longer show anything or send anything in your name. The language chosen on the device stays, so the sign-in page keeps it. If changes are still waiting to be sent, Kaksha tells you before you sign out; they stay on the device and are sent the next time you sign in there. The offline copy is kept for that school and account until then, except the homework files kept for reading offline, which signing out deletes.',
        'On a shared or borrowed device, sign out when you are done and clear this site’s data in the browser’s settings: that deletes every copy Kaksha stored on the device. Anyone who can unlock your device can read what the browser stores, so keep a screen lock on devices you use for Kaksha.',
      ],
    },
    {
      id: 'push',
      heading: 'Push notifications and device tokens',
      paragraphs: [
        'If you allow notifications, your browser or phone gives Kaksha a device token from its push service (for example Firebase Cloud Messaging). We store the token with your account so the school’s notices can reach that device, and we replace it when the device gives us a new one.',
        'The token identifies the device to the push service only; it contains nothing about you. You can turn notifications off at any time in your browser or phone settings, after which the token stops working; it is deleted with your account.',
      ],
    },
    {
      id: 'contact-form',
      heading: 'Demo requests from our website',
      paragraphs: [
        'When you ask for a demo on our home page, we keep your name, e-mail address, phone number (if given), your school’s name and your message. Only Kaksha’s operators see them, never another school, and we use them only to contact you about Kaksha. Write to us at the address below to have your request deleted.',
      ],
    },
    {
      id: 'recovery',
      heading: 'Password reset e-mails',
      paragraphs: [
        'When you ask to reset a password, we e-mail a 4-digit code to the account’s address. We keep only a keyed hash of the code; it expires after 10 minutes and stops working after five wrong tries. Resetting or changing a password signs the account out on every other device.',
      ],
    },
    {
      id: 'deletion',
      heading: 'Keeping and deleting data',
      paragraphs: [
        'A school’s records are kept for as long as the school uses Kaksha, or as its agreement with us says. Accounts are not deleted from the app itself: your school administrator deletes accounts and the data that goes with them. The “Delete account” link on our home page takes you, after signing in, to the contact details of your administrator and a prepared e-mail to them.',
        'Records a school deletes are removed from the devices that hold copies the next time those devices sync. When a school stops using Kaksha, its data is deleted or handed back to it as agreed with the school.',
      ],
    },
    {
      id: 'security',
      heading: 'How we protect data',
      list: [
        'Every school’s records are kept apart and every query is limited to one school.',
        'Passwords are hashed with argon2id; sign-in, registration, password reset and the contact form are rate limited.',
        'Sign-in tokens expire, are tied to one school, and stop working at once when an account is deactivated or its password changes.',
        'Production servers are reached only over encrypted connections (HTTPS).',
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      paragraphs: [
        'Many students are under 18. Schools create and manage their students’ records and are responsible for obtaining any consent of parents or guardians that the law requires. Parents can see their children’s records through a parent account.',
      ],
    },
    {
      id: 'rights',
      heading: 'Your choices and rights',
      paragraphs: [
        'To see, correct or delete the information your school keeps about you or your child, ask your school administrator; they can do it in Kaksha. If you cannot reach them, or your question is about Kaksha itself, write to us and we will help or pass your request to the school.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      paragraphs: [
        'If we change this policy, we publish the new version here with its effective date, and we tell schools in advance of any change that affects how their data is used.',
      ],
    },
  ],
};
