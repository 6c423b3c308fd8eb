/**
 * The two demo schools: who they are, where they are, their classes and the named people behind the
 * demo accounts. Everything else about them is generated from these facts (see generate.ts).
 * Staff and family e-mails use the reserved example.com domain, so no real mailbox is ever named.
 */
import type { CommunityKey } from './names';

export interface DemoPerson {
  firstName: string;
  lastName: string;
  gender: 'Male' | 'Female';
  dateOfBirth: string;
}

export interface DemoStaff extends DemoPerson {
  subjects: string;
}

/** A class as "<className>-<section>", e.g. "VII-B". */
export type ClassLabel = string;

/**
 * The demo teacher's classes: the one they are class teacher of and those they teach a subject in
 * (class_subjects), which are the classes they may mark and edit.
 */
export interface DemoTeaching {
  classTeacherOf: ClassLabel;
  subject: string;
  teaches: readonly ClassLabel[];
}

export interface DemoChild {
  firstName: string;
  gender: 'Male' | 'Female';
  className: string;
  classSection: string;
}

export interface Level {
  className: string;
  /** Age in whole years on 1 June of the academic year. */
  age: number;
  sections: readonly string[];
  size: readonly [min: number, max: number];
}

/**
 * The subjects of some classes (`sections` narrows them to streams, as in XI-XII). `taughtBy` names
 * the staff `subjects` text of teachers who take every subject of these classes (pre-primary);
 * otherwise each subject goes to a teacher whose `subjects` text lists it (curriculum.ts).
 */
export interface CurriculumBand {
  classes: readonly string[];
  sections?: readonly string[];
  subjects: readonly string[];
  taughtBy?: string;
  /** Subjects of a `taughtBy` band that subject teachers take instead (pre-primary Art & Craft). */
  specialists?: readonly string[];
}

export interface SchoolDefinition {
  tenantId: string;
  schoolName: string;
  schoolId: string;
  employeePrefix: string;
  address: string;
  phoneNumber: string;
  email: string;
  staffDomain: string;
  city: string;
  state: string;
  localities: readonly (readonly [name: string, pincode: string])[];
  streets: readonly string[];
  buildings: readonly string[];
  communities: readonly (readonly [CommunityKey, number])[];
  levels: readonly Level[];
  teacherCount: number;
  /** Subjects of the teachers after the principal and the demo teacher, in turn: they cover `curriculum`. */
  subjectPlan: readonly string[];
  /**
   * Subjects of the teachers taken on after those (employee numbers after `teacherCount`), so every
   * period of the week has a teacher within `maxWeeklyPeriods` (curriculum.ts). They are generated
   * from a stream of their own after the students, so the records before them stay as they were.
   */
  addedStaff: readonly string[];
  curriculum: readonly CurriculumBand[];
  demo: {
    principal: DemoStaff;
    teacher: DemoStaff;
    teaching: DemoTeaching;
    /** The demo student (student@kaksha.demo) first, then the sibling; parent@kaksha.demo has both. */
    children: readonly [DemoChild, DemoChild];
    surname: string;
    father: string;
    mother: string;
    locality: string;
  };
}

/** The academic year the demo data describes (session 2025-26, starting in June). */
export const academicYear = 2025;

const roman = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];
const prePrimary = ['Nursery', 'LKG', 'UKG'];
const primary = ['I', 'II', 'III', 'IV', 'V'];
const middle = ['VI', 'VII', 'VIII'];
const secondary = ['IX', 'X'];
const senior = ['XI', 'XII'];
const prePrimaryTeacher = 'Pre-primary (all subjects)';

/** I-V in both schools: the state language is the third language (Kannada, Marathi). */
function primarySubjects(stateLanguage: string): string[] {
  return ['English', 'Hindi', stateLanguage, 'Mathematics', 'Environmental Studies', 'Computer Science', 'Art & Craft'];
}
const middleSubjects = ['English', 'Hindi', 'Sanskrit', 'Mathematics', 'Science', 'Social Science', 'Computer Science'];

function grades(count: number, sections: readonly string[], size: Level['size']): Level[] {
  return roman.slice(0, count).map((className, i) => ({ className, age: 6 + i, sections, size }));
}

const greenvalley: SchoolDefinition = {
  tenantId: 'greenvalley',
  schoolName: 'Green Valley Public School',
  schoolId: 'GVPS-BLR-1047',
  employeePrefix: 'GVT',
  address: '14, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066',
  phoneNumber: '080 2845 6712',
  email: 'office@greenvalley.example.com',
  staffDomain: 'greenvalley.example.com',
  city: 'Bengaluru',
  state: 'Karnataka',
  localities: [
    ['Whitefield', '560066'], ['Kadugodi', '560067'], ['Marathahalli', '560037'], ['Brookefield', '560037'],
    ['Mahadevapura', '560048'], ['KR Puram', '560036'], ['Indiranagar', '560038'], ['HSR Layout', '560102'],
    ['Bellandur', '560103'], ['Hoodi', '560048'], ['Varthur', '560087'], ['CV Raman Nagar', '560093'],
  ],
  streets: ['1st Main Road', '2nd Cross', '4th Cross Road', '5th Main', 'ITPL Main Road', 'Varthur Road',
    'Outer Ring Road', '8th Cross', 'Temple Road', 'Church Street', '3rd Main Road', '12th Cross'],
  buildings: ['Prestige Shantiniketan', 'Brigade Lakefront', 'Sobha Dream Acres', 'Purva Riviera',
    'SJR Verity', 'Mantri Espana', 'Salarpuria Greenage', 'Adarsh Palm Retreat'],
  communities: [
    ['kannada', 22], ['telugu', 12], ['tamil', 10], ['malayali', 8], ['hindi', 14], ['muslim', 10],
    ['christian', 6], ['bengali', 6], ['eastern', 4], ['marathi', 3], ['gujarati', 3], ['punjabi', 3],
  ],
  levels: [
    { className: 'Nursery', age: 3, sections: ['A', 'B'], size: [11, 14] },
    { className: 'LKG', age: 4, sections: ['A', 'B'], size: [12, 15] },
    { className: 'UKG', age: 5, sections: ['A', 'B'], size: [12, 15] },
    ...grades(10, ['A', 'B'], [14, 18]),
  ],
  teacherCount: 30,
  subjectPlan: [prePrimaryTeacher, prePrimaryTeacher, 'English', 'Mathematics', 'Science',
    'Hindi', 'Kannada', 'Social Science', 'Environmental Studies', 'English, Social Science', 'Mathematics, Science',
    'Computer Science', 'Physical Education', 'Art & Craft', 'Music, Art & Craft', 'Computer Science',
    'Environmental Studies', 'Hindi', 'Hindi, Sanskrit', 'Mathematics', 'English', 'Kannada, Hindi', prePrimaryTeacher,
    prePrimaryTeacher, 'Computer Science', 'English', prePrimaryTeacher, prePrimaryTeacher],
  addedStaff: ['English', 'Hindi', 'Mathematics', 'Art & Craft', 'Computer Science', 'Kannada', 'Hindi, Sanskrit', 'Art & Craft', 'Social Science', 'Science'],
  curriculum: [
    {
      classes: prePrimary,
      subjects: ['English', 'Hindi', 'Mathematics', 'Environmental Studies', 'Art & Craft'],
      taughtBy: prePrimaryTeacher,
      specialists: ['Art & Craft'],
    },
    { classes: primary, subjects: primarySubjects('Kannada') },
    { classes: middle, subjects: middleSubjects },
    { classes: secondary, subjects: ['English', 'Hindi', 'Mathematics', 'Science', 'Social Science', 'Information Technology'] },
  ],
  demo: {
    principal: { firstName: 'Meenakshi', lastName: 'Raghavan', gender: 'Female', dateOfBirth: '1972-08-14',
      subjects: 'Principal; English' },
    teacher: { firstName: 'Arjun', lastName: 'Hegde', gender: 'Male', dateOfBirth: '1988-03-09',
      subjects: 'Mathematics, Physics' },
    // The end-to-end tests mark the first six classes by id as this teacher (tests/e2e/support/
    // offline.ts demoClass 0-5: II-A, II-B, UKG-A, VII-B, LKG-A, I-A), so all six are his.
    teaching: { classTeacherOf: 'II-A', subject: 'Mathematics', teaches: ['I-A', 'II-B', 'LKG-A', 'UKG-A', 'VII-B'] },
    children: [
      { firstName: 'Ananya', gender: 'Female', className: 'VIII', classSection: 'A' },
      { firstName: 'Vihaan', gender: 'Male', className: 'IV', classSection: 'B' },
    ],
    surname: 'Kulkarni',
    father: 'Prakash Kulkarni',
    mother: 'Shruti Kulkarni',
    locality: 'Whitefield',
  },
};

const riverside: SchoolDefinition = {
  tenantId: 'riverside',
  schoolName: 'Riverside High School',
  schoolId: 'RHS-PUN-2210',
  employeePrefix: 'RHT',
  address: 'Survey No. 21, North Main Road, Koregaon Park, Pune, Maharashtra 411001',
  phoneNumber: '020 2613 4478',
  email: 'admissions@riverside.example.com',
  staffDomain: 'riverside.example.com',
  city: 'Pune',
  state: 'Maharashtra',
  localities: [
    ['Koregaon Park', '411001'], ['Kalyani Nagar', '411006'], ['Yerawada', '411006'], ['Viman Nagar', '411014'],
    ['Kharadi', '411014'], ['Wadgaon Sheri', '411014'], ['Hadapsar', '411028'], ['Magarpatta', '411013'],
    ['Mundhwa', '411036'], ['Aundh', '411007'], ['Baner', '411045'], ['Kothrud', '411038'], ['Shivajinagar', '411005'],
  ],
  streets: ['North Main Road', 'Lane 5', 'Lane 7', 'Nagar Road', 'Airport Road', 'Solapur Road', 'Baner Road',
    'Karve Road', 'Senapati Bapat Road', 'Dhole Patil Road', 'Datta Mandir Road', 'Shastri Nagar Road'],
  buildings: ['Marvel Ritz', 'Kumar Picasso', 'Amanora Park Town', 'Panchshil Towers', 'Gera Park View',
    'Nyati Elysia', 'Rohan Mithila', 'Kolte Patil Life Republic', 'Sai Sampada Society'],
  communities: [
    ['marathi', 35], ['hindi', 14], ['gujarati', 8], ['muslim', 10], ['punjabi', 5], ['bengali', 5],
    ['christian', 5], ['kannada', 4], ['tamil', 4], ['telugu', 4], ['malayali', 3], ['eastern', 3],
  ],
  levels: grades(12, ['A', 'B', 'C'], [16, 22]),
  teacherCount: 34,
  subjectPlan: ['English', 'Mathematics', 'Hindi, Sanskrit', 'Hindi', 'Marathi', 'Social Science', 'Environmental Studies',
    'Physics, Science', 'Chemistry, Science', 'Biology', 'Computer Science', 'Accountancy, Business Studies, Economics',
    'Hindi', 'Physical Education', 'Art & Craft', 'Music, Art & Craft', 'English, History', 'Mathematics, Physics',
    'Social Science, Geography', 'English', 'Marathi, Hindi', 'Mathematics', 'English', 'Environmental Studies',
    'Informatics Practices', 'Computer Science', 'Chemistry', 'Mathematics', 'Hindi', 'Hindi, Sanskrit',
    'English', 'Computer Science'],
  addedStaff: ['English', 'Mathematics', 'Hindi', 'English', 'Physics, Science', 'Mathematics', 'Hindi, Sanskrit', 'Marathi',
    'Computer Science', 'Biology, Science', 'English', 'Accountancy, Economics', 'Environmental Studies', 'Art & Craft',
    'Social Science, History', 'Chemistry', 'Mathematics', 'Hindi', 'Computer Science', 'English'],
  // IX-X learn science as Physics, Chemistry and Biology with separate teachers; XI-XII have three streams.
  curriculum: [
    { classes: primary, subjects: primarySubjects('Marathi') },
    { classes: middle, subjects: middleSubjects },
    {
      classes: secondary,
      subjects: ['English', 'Hindi', 'Mathematics', 'Physics', 'Chemistry', 'Biology', 'Social Science', 'Information Technology'],
    },
    { classes: senior, sections: ['A'], subjects: ['English', 'Physics', 'Chemistry', 'Mathematics', 'Computer Science'] },
    { classes: senior, sections: ['B'], subjects: ['English', 'Physics', 'Chemistry', 'Biology', 'Physical Education'] },
    {
      classes: senior,
      sections: ['C'],
      subjects: ['English', 'Accountancy', 'Business Studies', 'Economics', 'Informatics Practices'],
    },
  ],
  demo: {
    principal: { firstName: 'Farah', lastName: 'Siddiqui', gender: 'Female', dateOfBirth: '1970-11-26',
      subjects: 'Principal; Chemistry' },
    teacher: { firstName: 'Kavita', lastName: 'Joshi', gender: 'Female', dateOfBirth: '1985-06-17',
      subjects: 'Physics' },
    teaching: { classTeacherOf: 'IX-C', subject: 'Physics', teaches: ['X-B', 'XI-A', 'XII-A'] },
    children: [
      { firstName: 'Rohan', gender: 'Male', className: 'X', classSection: 'B' },
      { firstName: 'Isha', gender: 'Female', className: 'VII', classSection: 'C' },
    ],
    surname: 'Mehta',
    father: 'Nikhil Mehta',
    mother: 'Pooja Mehta',
    locality: 'Kalyani Nagar',
  },
};

export const demoSchoolDefinitions: readonly SchoolDefinition[] = [greenvalley, riverside];
