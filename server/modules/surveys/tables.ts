import type { Generated } from 'kysely';
import type { CreatedAt } from '../../db/columns.ts';

export type QuestionKind = 'single' | 'multiple' | 'scale' | 'text';

/** The survey tables (migration 0027). */
export interface SurveyTables {
  surveys: {
    id: Generated<string>;
    company_id: string;
    title_ja: string;
    title_en: string;
    created_by: string | null;
    created_by_name: string;
    created_at: CreatedAt;
    sent_at: Date | null;
  };
  survey_questions: {
    id: Generated<string>;
    survey_id: string;
    position: number;
    kind: QuestionKind;
    text_ja: string;
    text_en: string;
    required: Generated<boolean>;
  };
  survey_options: {
    id: Generated<string>;
    question_id: string;
    position: number;
    label_ja: string;
    label_en: string;
  };
  survey_recipients: {
    survey_id: string;
    user_id: string;
    conversation_id: string | null;
    sent_by_name: string;
    sent_at: CreatedAt;
  };
  survey_responses: {
    id: Generated<string>;
    survey_id: string;
    user_id: string;
    submitted_at: CreatedAt;
  };
  survey_answers: {
    id: Generated<string>;
    response_id: string;
    question_id: string;
    option_id: string | null;
    scale: number | null;
    text: string | null;
  };
}
