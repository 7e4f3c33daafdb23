/** The content of a new template made by the harness: a quiz with that many complete tasks. */
import type { Step } from '../../src/domain/schemas';
import type { TemplateContent } from '../../src/domain/templateContent';

const task = (i: number): Step => ({
  id: crypto.randomUUID(),
  name: `Task ${i + 1}`,
  type: 'multipleChoice',
  text: `Which answer is right for question ${i + 1}?`,
  answers: ['A', 'B', 'C', 'D'].map((value, j) => ({
    id: crypto.randomUUID(),
    value,
    correct: j === 0,
  })),
  media: null,
  points: 10,
  locked: false,
});

export function harnessContent(name: string, taskCount = 0): TemplateContent {
  return {
    name,
    description: '',
    shortDescription: '',
    gameType: 'quiz',
    deliveryType: 'inPerson',
    duration: 60,
    selectedThemeId: null,
    branding: {
      id: crypto.randomUUID(),
      logo: null,
      headerColour: '#0393E3',
      questionBackgroundColour: '#FFFFFF',
      selfieBackgroundColour: '#8FD1FC',
    },
    steps: Array.from({ length: taskCount }, (_, i) => task(i)),
  };
}
