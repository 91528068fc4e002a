/** A knowledge entry that answers a question, with how well: ts_rank, or cosine similarity. */
export interface KnowledgeHit {
  id: number;
  title: string;
  content: string;
  category: string;
  rank: number;
}
