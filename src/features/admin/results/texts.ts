/** /admin/results in the school's words. */

/** The titles of its pages: their headers, and their sections in feature.tsx (tiles, the notification form's screens). */
export const resultsTitles = {
  results: 'Results',
};

export const resultsTexts = {
  exam: 'Exam',
  noExam: 'No exam has published results on this device yet.',
  classesHeading: 'By class, lowest pass first',
  subjectsHeading: 'By subject',
  toppersHeading: 'Toppers',
  gradesHeading: 'Grade distribution',
  gradesCaption: 'Students per grade',
  klass: 'Class',
  subject: 'Subject',
  students: 'Students',
  sat: 'Sat',
  passed: 'Passed',
  passPercent: 'Pass %',
  average: 'Average %',
  grade: 'Grade',
  count: 'Students',
  graded: 'graded',
  topperLine: (name: string, klass: string, percent: number, grade: string) => `${name}, ${klass}: ${percent}% (${grade})`,
  classView: 'Open the exam',
  allOfYear: (year: string) => `All exams of ${year}`,
  topperOver: (name: string, klass: string, percent: number, exams: number) => `${name}, ${klass}: ${percent}% average over ${exams} ${exams === 1 ? 'exam' : 'exams'}`,
  acrossHeading: (year: string) => `Classes across the exams of ${year}`,
  acrossCaption: 'Pass percentage and average of each class in each exam, oldest exam first',
  acrossCell: (pass: number, average: number) => `${pass}% passed · avg ${average}%`,
  noResult: '—',
  examPass: (exam: string) => `${exam} pass %`,
  examAverage: (exam: string) => `${exam} average %`,
  filename: (exam: string) => `results-${exam.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`,
};
