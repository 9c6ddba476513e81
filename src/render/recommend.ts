// `recommend`'s renderers by format (docs/recommend.md): text, json, markdown (a pull request's
// body) and csv, each a pure function of the Recommendation.
import type { Recommendation } from '../core/recommendation.js';
import { byFormat, formatsOf, type NoOptions } from './format.js';
import { renderRecommendationCsv } from './recommend/recommend-csv.js';
import { renderRecommendationJson } from './recommend/recommend-json.js';
import { renderRecommendationMarkdown } from './recommend/recommend-markdown.js';
import { renderRecommendationText } from './recommend/recommend-text.js';

const RECOMMEND_RENDERERS = {
  text: (r: Recommendation, _: NoOptions) => renderRecommendationText(r),
  json: (r: Recommendation, _: NoOptions) => renderRecommendationJson(r),
  markdown: (r: Recommendation, _: NoOptions) => renderRecommendationMarkdown(r),
  csv: (r: Recommendation, _: NoOptions) => renderRecommendationCsv(r),
};

export type RecommendFormat = keyof typeof RECOMMEND_RENDERERS;
export const RECOMMEND_FORMATS = formatsOf(RECOMMEND_RENDERERS);
export const renderRecommendation = byFormat<Recommendation, NoOptions, RecommendFormat>(RECOMMEND_RENDERERS);
