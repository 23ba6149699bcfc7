"""Every session-state key the app uses, declared in one place (tests/app/test_session_keys.py checks
that every key in the code is declared here, and that nothing declared here is unused).

A key is a name, or a family written with ``{...}`` for its variable part (``learn_{sec}_step``).
Widgets drawn through :mod:`ui.widgets.kept` (text boxes, and other widgets through
``kept.value_widget``) also have a mirror, ``_kept:<key>``, and text boxes a generation counter,
``_kept_gen:<key>``: kept derives those from the keys below. Keys starting with ``_`` belong to no
widget (messages, undo buffers, remembered values).
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Key:
    """A session-state key (or family), the module that owns it and what it holds."""

    pattern: str
    owner: str
    holds: str

    def matches(self, key: str) -> bool:
        """Whether ``key`` (a name, or an f-string's text with its ``{...}`` parts) is this key.

        >>> step = Key("learn_{sec}_step", "app_pages/learn.py", "a section's step")
        >>> step.matches("learn_{sec}_step"), step.matches("learn_W_step"), step.matches("learn_W_steps")
        (True, True, False)
        """
        parts = re.split(r"\{[^}]*\}", self.pattern)
        rx = "(?:\\{[^}]*\\}|.+?)".join(re.escape(p) for p in parts)
        return re.fullmatch(rx, key) is not None


_SIDEBAR = "ui/widgets/options.py"
_OPTIONS = (
    "preset", "profile", "tokenizer", "stem", "stem_exc", "stop", "multi", "alpha_mode", "alpha", "beta",
    "limit_kind", "limit",
)  # fmt: skip
#: The sidebar's measure rows (one per measure family of the registry).
_MEASURE_ROWS = "ui/widgets/measure_rows.py"
_MEASURE_OPTIONS = ("n_on", "max_n", "l", "flat", "w_on", "w", "skip_on", "skip", "skip_unlimited", "s", "su")

KEYS: tuple[Key, ...] = (
    # the shared sidebar: one widget per RougeConfig option, and what survives a page switch
    *(
        Key(f"opt_{name}", _SIDEBAR, "a sidebar option (ui.widgets.options maps it to RougeConfig)")
        for name in _OPTIONS
    ),
    *(
        Key(f"opt_{name}", _MEASURE_ROWS, "a measure option of the sidebar (its row maps it to RougeConfig)")
        for name in _MEASURE_OPTIONS
    ),
    Key("opt_ready", _SIDEBAR, "the sidebar's widgets were initialised in this session"),
    Key("opt_url_error", _SIDEBAR, "the message about a ?cfg= link that could not be applied"),
    Key("_opt_saved", _SIDEBAR, "the sidebar's values, restored after a page that greys options out"),
    Key("_config", "ui/widgets/state.py", "this run's RougeConfig, for every page"),
    Key("lecture_mode", "ui/widgets/lecture.py", "lecture mode on or off"),
    Key("_lecture_link_applied", "ui/widgets/lecture.py", "lecture=1 in the address was applied once"),
    Key("_lecture_on", "ui/widgets/lecture.py", "lecture mode chosen (kept across pages; the toggle sets it)"),
    # Inspect
    Key("candidate", "ui/widgets/state.py", "Inspect's candidate (a kept text box)"),
    Key("ref_{rid}", "ui/widgets/state.py", "Inspect's reference rid (a kept text box)"),
    Key("_in_ref_ids", "ui/widgets/state.py", "the ids of Inspect's references, in order"),
    Key("rm_{rid}", "ui/widgets/inspect_inputs.py", "the button removing reference rid"),
    Key("cand_{oid}", "ui/widgets/state.py", "another candidate to compare (a kept text box)"),
    Key("_in_other_ids", "ui/widgets/state.py", "the ids of the other candidates, in order"),
    Key("rm_cand_{oid}", "ui/widgets/inspect_inputs.py", "the button removing another candidate"),
    Key("add_cand", "ui/widgets/inspect_inputs.py", "the button adding a candidate to compare"),
    Key("inspect_cmp_stat", "ui/widgets/inspect_candidates.py", "the statistic of the candidates side by side"),
    Key("inspect_shown", "ui/widgets/inspect_candidates.py", "which candidate the scores and matches are for (kept)"),
    Key("sample_pick", "ui/widgets/inspect_inputs.py", "the sample picker"),
    Key("up_cand", "ui/widgets/inspect_uploads.py", "the candidate file uploader"),
    Key("up_refs", "ui/widgets/inspect_uploads.py", "the reference files uploader"),
    Key("up_record", "ui/widgets/inspect_uploads.py", "the JSON record uploader"),
    Key("_upload_msg", "ui/widgets/inspect_uploads.py", "the outcome of the last upload, shown once"),
    Key("_split_preview", "ui/widgets/inspect_split.py", "the sentence splitter's proposal awaiting apply or cancel"),
    Key("_split_undo", "ui/widgets/inspect_split.py", "the texts before the last split, for undo"),
    Key("split_cancel", "ui/widgets/inspect_split.py", "the button cancelling a proposed split"),
    Key("split_with", "ui/widgets/inspect_split.py", "the splitter proposing the split: rules or punkt (kept)"),
    Key("inspect", "app_pages/inspect.py", "the prefix of Inspect's match-view widgets"),
    Key("inspect_grid_stat", "ui/widgets/inspect_scores.py", "the statistic of the per-reference grid"),
    Key("{key}_ref", "ui/widgets/match_views.py", "a match view's reference picker"),
    Key("{key}_view", "ui/widgets/match_views.py", "the open match-view tab (only its view is built)"),
    Key("{key}_lcs_pages", "ui/widgets/match_views.py", "how many pages of the union LCS view are drawn"),
    Key("{key}_lcs_more", "ui/widgets/match_views.py", "the button drawing a page more of the union LCS view"),
    Key("{key}_rs_{ref_index}_{digest}", "ui/widgets/match_views.py", "an LCS view's reference sentence picker"),
    Key("{key}_cs_{ref_index}_{digest}_{i}", "ui/widgets/match_views.py", "an LCS view's candidate sentence picker"),
    Key("{key}_skip_start", "ui/widgets/match_views.py", "where a long skip-bigram matrix starts"),
    Key("{key}_ngram_rows", "ui/widgets/match_views.py", "how many rows of the n-gram table are drawn"),
    Key("{key}_ngram_more", "ui/widgets/match_views.py", "the button drawing more rows of the n-gram table"),
    Key("{key}_ngram_csv", "ui/widgets/match_views.py", "the download of the whole n-gram table as CSV"),
    Key("inspect_ask", "ui/widgets/inspect_walk.py", "Ask me first: the walk player instead of the match views"),
    Key("inspect_walk_family", "ui/widgets/inspect_walk.py", "the measure family Ask me first walks through"),
    Key("inspect_walk_ref", "ui/widgets/inspect_walk.py", "the reference Ask me first walks through"),
    # Learn
    Key("learn_section", "app_pages/learn.py", "the measure family shown"),
    Key("learn_{sec}_ref", "ui/learn/inputs.py", "a section's reference (a kept text box)"),
    Key("learn_{sec}_cand", "ui/learn/inputs.py", "a section's candidate (a kept text box)"),
    Key("learn_{sec}_sample", "ui/learn/inputs.py", "a section's sample picker"),
    Key("learn_{sec}_step", "ui/learn/walk.py", "a section's step (kept)"),
    Key("learn_{sec}_{k}", "ui/learn/lcs.py", "a section's sentence pickers (rs, cs), kept"),
    Key("learn_{sec}_paper", "ui/learn/settings.py", "the button: the paper's settings"),
    Key("learn_{sec}_perl", "ui/learn/settings.py", "the button: ROUGE-1.5.5's settings"),
    Key("learn_n_order", "ui/learn/ngrams.py", "n of the ROUGE-N section (kept)"),
    Key("learn_w_weight", "ui/learn/wlcs.py", "w of the ROUGE-W section (kept)"),
    Key("learn_s_dist", "ui/learn/skip.py", "the skip distance of the ROUGE-S section (kept)"),
    Key("learn_s_unlimited", "ui/learn/skip.py", "no skip limit in the ROUGE-S section (kept)"),
    Key("learn_s_su", "ui/learn/skip.py", "ROUGE-SU instead of ROUGE-S (kept)"),
    Key("_learn_{sec}_msg", "ui/learn/inputs.py", "a message about the sample just loaded, shown once"),
    Key("_learn_link_applied", "ui/learn/link.py", "the deep link in the address was applied once"),
    # What does ROUGE miss?
    Key("blind_pair", "ui/widgets/blind_spots_input.py", "the pair to perturb"),
    Key("blind_seed", "ui/widgets/blind_spots_input.py", "the perturbations' seed"),
    Key("blind_cand", "ui/widgets/blind_spots_input.py", "the user's candidate (a kept text box)"),
    Key("blind_ref", "ui/widgets/blind_spots_input.py", "the user's reference (a kept text box)"),
    Key("blind_src", "ui/widgets/blind_spots_input.py", "the user's source document (a kept text box)"),
    Key("blind_stat", "ui/widgets/blind_spots_table.py", "the score shown (F, recall, precision)"),
    Key("blind_corpus_size", "ui/widgets/blind_spots_corpus.py", "how many corpus pairs are sampled"),
    Key("blind_corpus_run", "ui/widgets/blind_spots_corpus.py", "the button running the corpus sample"),
    Key("_blind_corpus", "ui/widgets/blind_spots_corpus.py", "the last corpus run and its settings"),
    # Corpus page and the shared corpus loader
    # Annotate
    Key("_annot_pos", "ui/widgets/annotate_item.py", "position in each (corpus, annotator, blind, rubric) order"),
    Key("_annot_undone", "ui/widgets/annotate_item.py", "what the last undo did (shown once)"),
    Key("_annot_shared", "ui/widgets/annotate_item.py", "the overlap line of the last count"),
    Key("_annot_placed", "ui/widgets/annotate_item.py", "the place last written to the store"),
    Key("_annot_order", "ui/widgets/annotate_item.py", "the item ids in this annotator's order (read once)"),
    Key("_annot_msg", "ui/widgets/annotate_message.py", "the message of the last save, import or rubric edit"),
    Key("annot_name", "ui/widgets/annotate_options.py", "the annotator's name (kept)"),
    Key("annot_task", "ui/widgets/annotate_options.py", "rubric scores or content units (kept)"),
    Key("annot_blind", "ui/widgets/annotate_options.py", "blind mode (kept)"),
    Key("annot_rouge", "ui/widgets/annotate_options.py", "show ROUGE-1 matches (kept)"),
    Key("annot_rubric", "ui/widgets/annotate_options.py", "the rubric judged on (kept)"),
    Key("annot_rubric_name", "ui/widgets/annotate_rubric.py", "the name a rubric edit is saved under (kept)"),
    Key("annot_rubric_rows_{rubric.id}", "ui/widgets/annotate_rubric.py", "the rubric editor's table"),
    Key("annot_rubric_save", "ui/widgets/annotate_rubric.py", "the button saving the edited rubric"),
    Key("annot_crit_{i}", "ui/widgets/annotate_item.py", "the container of criterion i (the key handler finds it)"),
    Key("annot_v_{item.id}_{c.id}_{short(annotator)}", "ui/widgets/annotate_item.py", "one criterion's value"),
    Key("annot_u_{u.id}_{item.id}_{_short(annotator)}", "ui/widgets/content_units.py", "one content unit's tick"),
    Key("annot_units_{corpus_id}_{_short(item.doc_id)}", "ui/widgets/content_units.py", "new content units (kept)"),
    Key("annot_units_add", "ui/widgets/content_units.py", "the button adding content units"),
    Key("annot_units_ref", "ui/widgets/content_units.py", "which reference new units are for (kept)"),
    Key("annot_units_file", "ui/widgets/content_units.py", "the content units file uploader"),
    Key("annot_units_import", "ui/widgets/content_units.py", "the button importing that file"),
    Key("annot_note_{item.id}_{short(annotator)}", "ui/widgets/annotate_item.py", "the note on an item"),
    Key("annot_flag_{item.id}_{short(annotator)}", "ui/widgets/annotate_item.py", "the flag on an item"),
    # the move buttons are keyed to their item: a press arriving after the item changed finds no button
    Key("annot_prev_{item.id}", "ui/widgets/annotate_item.py", "the previous-item button of an item"),
    Key("annot_next_{item.id}", "ui/widgets/annotate_item.py", "the next-item button of an item"),
    Key("annot_skipb_{item.id}", "ui/widgets/annotate_item.py", "the skip button of an item"),
    Key("annot_undob_{item.id}", "ui/widgets/annotate_item.py", "the undo button (undoes the last judgment)"),
    Key("{key}_retry", "ui/widgets/annotate_item.py", "the retry button of a criterion the store refused"),
    Key("annot_overlap_{corpus_id}", "ui/widgets/annotate_overlap.py", "the overlap of a corpus (set from the store)"),
    Key("annot_agree_on", "ui/widgets/annotate_agreement.py", "whether the agreement table is computed (kept)"),
    Key("annot_dis_on", "ui/widgets/annotate_agreement.py", "whether the disagreement table is computed (kept)"),
    Key("annot_export", "ui/widgets/annotate_exchange.py", "the button building the export files"),
    Key("annot_sources", "ui/widgets/annotate_agreement.py", "which judgments the agreement uses (kept)"),
    Key("annot_dis_crit", "ui/widgets/annotate_agreement.py", "the criterion of the disagreement table (kept)"),
    Key("annot_dis_thr", "ui/widgets/annotate_agreement.py", "the spread above which items disagree (kept)"),
    Key("annot_published", "ui/widgets/annotate_exchange.py", "the button importing published judgments"),
    Key("annot_import", "ui/widgets/annotate_exchange.py", "the judgments file uploader"),
    Key("annot_import_go", "ui/widgets/annotate_exchange.py", "the button importing that file"),
    # who the visitor is (issue 19): the link's organiser key and invite, kept for the session's pages
    Key("_access_proof", "ui/widgets/access.py", "the key and invite this session's links carried"),
    # the Annotate page of a campaign's invited annotator (issue 19)
    Key("_annot_assigned", "ui/widgets/annotate_assigned.py", "the item shown to each (campaign, annotator)"),
    Key("_annot_first", "ui/widgets/annotate_assigned.py", "the session's first item (its instructions open)"),
    Key("_annot_asked", "ui/widgets/annotate_assigned.py", "the item Next was pressed on (back: not judged yet)"),
    Key("annot_own_export", "ui/widgets/annotate_exchange.py", "the button building the export of your own judgments"),
    # the Campaigns page (app_pages/campaigns.py)
    Key("_camp_msg", "ui/widgets/campaign_new.py", "what the store holds of the campaign just created (shown once)"),
    Key("camp_corpus", "ui/widgets/campaign_new.py", "the corpus of a new campaign"),
    Key("camp_rubric", "ui/widgets/campaign_new.py", "the rubric of a new campaign"),
    Key("camp_name", "ui/widgets/campaign_new.py", "the name of a new campaign"),
    Key("camp_r", "ui/widgets/campaign_new.py", "judgments per item of a new campaign"),
    Key("camp_overlap", "ui/widgets/campaign_new.py", "the overlap of a new campaign"),
    Key("camp_lease", "ui/widgets/campaign_new.py", "the lease minutes of a new campaign"),
    Key("camp_instr", "ui/widgets/campaign_new.py", "the instructions of a new campaign (Markdown)"),
    Key("camp_create", "ui/widgets/campaign_new.py", "the button creating the campaign"),
    Key("camp_pick", "ui/widgets/campaign_choice.py", "the campaign the page is about"),
    Key("camp_inv_name", "ui/widgets/campaign_members.py", "the name of the person invited"),
    Key("camp_inv_role", "ui/widgets/campaign_members.py", "the role of the person invited"),
    Key("camp_inv_days", "ui/widgets/campaign_members.py", "how many days the invite is valid"),
    Key("camp_rev_who", "ui/widgets/campaign_members.py", "the member to revoke"),
    Key("camp_rev_sure", "ui/widgets/campaign_members.py", "the confirmation of a revocation"),
    Key("camp_rev_go", "ui/widgets/campaign_members.py", "the button revoking the member"),
    Key("camp_adj_spread", "ui/widgets/campaign_adjudication.py", "the least spread of the disagreements listed"),
    Key("camp_adj_pick", "ui/widgets/campaign_adjudication.py", "the disagreement being adjudicated"),
    Key("camp_adj_inspect", "ui/widgets/campaign_adjudication.py", "the button opening the cell's pair in Inspect"),
    Key(
        "camp_adj_value_{cell.item_id}_{cell.criterion}",
        "ui/widgets/campaign_adjudication.py",
        "the adjudicated value of a cell",
    ),
    Key(
        "camp_adj_note_{cell.item_id}_{cell.criterion}",
        "ui/widgets/campaign_adjudication.py",
        "the note on a cell's adjudication",
    ),
    Key("camp_agree", "ui/widgets/campaign_dashboard.py", "the button computing the agreement so far"),
    Key("camp_exp_adj", "ui/widgets/campaign_exports.py", "whether exports carry the adjudication column"),
    Key("camp_exp_{fmt}", "ui/widgets/campaign_exports.py", "a download button of the campaign's judgments"),
    Key("corpus:{key}:sample:{sid}", "ui/widgets/corpus_input.py", "the button loading a sample corpus"),
    Key("corpus:{key}:load_file", "ui/widgets/corpus_input.py", "the button loading the uploaded corpus file"),
    Key("corpus:{key}:load_aligned", "ui/widgets/corpus_input.py", "the button loading line-aligned files"),
    Key("corpus:{key}:how", "ui/widgets/corpus_input.py", "how to load: sample, a file, line-aligned files (kept)"),
    Key(
        "corpus:{key}:sentences", "ui/widgets/corpus_input.py", "sentence mode: the file's lines or the splitter (kept)"
    ),
    Key("corpus:{key}:upload", "ui/widgets/corpus_input.py", "the corpus file uploader"),
    Key(
        "corpus:{key}:aligned_cand",
        "ui/widgets/corpus_input.py",
        "the uploader of the candidate file (one summary a line)",
    ),
    Key("corpus:{key}:aligned_refs", "ui/widgets/corpus_input.py", "the uploader of the reference files"),
    Key("corpus:{key}:col_cand", "ui/widgets/corpus_input.py", "a table's candidate column (kept)"),
    Key("corpus:{key}:col_refs", "ui/widgets/corpus_input.py", "a table's reference columns (kept)"),
    Key("corpus:{key}:col_id", "ui/widgets/corpus_input.py", "a table's id column (kept)"),
    Key("corpus:{key}:col_system", "ui/widgets/corpus_input.py", "a table's system column (kept)"),
    Key("corpus:{key}:loaded", "ui/widgets/corpus_input.py", "the loaded corpus, its source and digest"),
    Key("corpus:{key}:cols_for", "ui/widgets/corpus_input.py", "the upload the column choices were made for"),
    Key("corpus:{key}:message", "ui/widgets/corpus_input.py", "the last load's outcome, shown once"),
    Key("corpus:{key}:selected", "ui/widgets/corpus_input.py", "the row last opened in Inspect"),
    Key("corpus_opened", "ui/widgets/corpus_input.py", "the corpus pair Inspect shows (for the way back)"),
    Key(
        "corpus_arriving", "ui/widgets/corpus_input.py", "Inspect was just opened from a corpus row (scroll to the top)"
    ),
    Key("back_to_corpus", "ui/widgets/corpus_input.py", "the button back to the page a corpus pair was opened from"),
    Key("corpus_returning", "ui/widgets/way_back.py", "the element to scroll to on the page Inspect went back to"),
    Key("corpus_returns", "ui/widgets/way_back.py", "how many times Inspect's way back was taken"),
    Key("corpus_system", "ui/widgets/corpus_scoring.py", "the system shown"),
    Key("corpus_measure", "ui/widgets/corpus_view.py", "the measure shown first"),
    Key("corpus_stat", "ui/widgets/corpus_view.py", "the statistic shown"),
    Key("corpus_kind", "ui/widgets/corpus_view.py", "histogram or box plot"),
    Key("corpus_columns", "ui/widgets/corpus_view.py", "the table's columns"),
    Key("corpus_range", "ui/widgets/corpus_filters.py", "the score range filter"),
    Key("corpus_sort", "ui/widgets/corpus_filters.py", "the table's sort"),
    Key("corpus_search", "ui/widgets/corpus_filters.py", "the text search"),
    Key("corpus_fig_gen", "ui/widgets/corpus_figures.py", "the figures' generation (clears their selection)"),
    Key("corpus_table:{digest}", "ui/widgets/corpus_table.py", "the per-pair table (row selection)"),
    Key("corpus_dist:{col}:{kind}:{gen}", "ui/widgets/corpus_figures.py", "the distribution figure (point selection)"),
    Key("corpus_scatter:{col}:{gen}", "ui/widgets/corpus_figures.py", "the length vs score scatter (point selection)"),
    Key("corpus_dl:{name}", "ui/widgets/corpus_downloads.py", "a download button"),
    Key("corpus_paper_baseline", "ui/widgets/corpus_downloads.py", "the paper table's baseline system (kept)"),
    Key("corpus_paper_all", "ui/widgets/corpus_downloads.py", "the button scoring every system for the report"),
    # Why do the numbers differ?
    Key("diff_preset", "ui/widgets/differences_input.py", "the rule whose example to load"),
    Key("diff_source", "ui/widgets/differences_input.py", "Inspect's inputs or the page's own (kept)"),
    Key("diff_candidate", "ui/widgets/differences_input.py", "the page's own candidate (a kept text box)"),
    Key("diff_ref_{i}", "ui/widgets/differences_input.py", "the page's own reference i (a kept text box)"),
    Key("_diff_n", "ui/widgets/differences_input.py", "how many references the page's own input has"),
    Key("diff_add", "ui/widgets/differences_input.py", "the button adding a reference"),
    Key("diff_drop", "ui/widgets/differences_input.py", "the button removing the last reference"),
    Key("diff_copy", "ui/widgets/differences_input.py", "the button copying Inspect's inputs"),
    Key("diff_stat", "ui/widgets/differences_table.py", "the statistic the table shows"),
    Key("_diff_msg", "ui/widgets/differences_input.py", "what loading an example switched on, shown once"),
    Key(
        "_diff_open",
        "ui/widgets/differences_input.py",
        "a document another page opens here: candidate, references, message",
    ),
    # Which ROUGE? (corpus) (the corpus itself is the Corpus page's loader's, key "corpus")
    Key("gap_a", "ui/widgets/which_rouge_choice.py", "config A: a preset or the sidebar's settings (kept)"),
    Key("gap_b", "ui/widgets/which_rouge_choice.py", "config B: a preset or the sidebar's settings (kept)"),
    Key("gap_system", "ui/widgets/which_rouge_choice.py", "the system compared (kept)"),
    Key("gap_stat", "ui/widgets/which_rouge_choice.py", "the statistic compared: F, R or P (kept)"),
    Key("gap_cap", "ui/widgets/which_rouge_choice.py", "how many documents the rule detectors examine (kept)"),
    Key("gap_match", "ui/widgets/which_rouge_choice.py", "pair ROUGE-L with rouge-score's rougeL (kept)"),
    Key("gap_measure", "ui/widgets/which_rouge_measure.py", "the measure pair whose attribution is shown (kept)"),
    Key("gap_chart:{chosen}", "ui/widgets/which_rouge_measure.py", "the attribution chart of a measure pair"),
    Key("gap_docs:{digest}", "ui/widgets/which_rouge_documents.py", "the per-document table and its row selection"),
    Key("gap_dl:{name}", "ui/widgets/which_rouge_downloads.py", "a download button"),
    Key("_gap_go", "ui/widgets/which_rouge_documents.py", "a row was selected: switch to the differences page"),
    # Tokenizer inspector, Common mistakes
    Key("tok_sample", "app_pages/tokenizer.py", "the sample picker"),
    Key("tok_source", "app_pages/tokenizer.py", "which text to inspect (kept)"),
    Key("tok_custom", "app_pages/tokenizer.py", "the user's own text (a kept text box)"),
    Key("mis_{mid}_cand", "app_pages/mistakes.py", "a mistake's candidate (a kept text box)"),
    Key("mis_{mid}_ref", "app_pages/mistakes.py", "a mistake's reference (a kept text box)"),
    Key("mis_{mid}_reset", "app_pages/mistakes.py", "the button restoring a mistake's example"),
    # Challenges
    Key("chal_pick", "ui/widgets/challenge_answer.py", "the chosen challenge (kept)"),
    Key("chal_{cid}_box{i}", "ui/widgets/challenge_answer.py", "a challenge's answer box (a kept text box)"),
    Key("chal_{cid}_reset", "ui/widgets/challenge_answer.py", "the button restoring a challenge's starting text"),
    Key("chal_{cid}_show", "ui/widgets/challenge_answer.py", "the button revealing a challenge's worked solution"),
    Key("chal_{cid}_use", "ui/widgets/challenge_answer.py", "the button putting the worked solution in the boxes"),
    Key("_chal_shown", "ui/widgets/challenge_answer.py", "the worked solutions revealed"),
    # Systems (the corpus itself is the Corpus page's loader's, key "corpus")
    Key("sys_systems", "ui/widgets/systems_choice.py", "the systems compared (kept)"),
    Key("sys_measure", "ui/widgets/systems_choice.py", "the measure compared (kept)"),
    Key("sys_stat", "ui/widgets/systems_choice.py", "the statistic compared: F, R or P (kept)"),
    Key("sys_convention", "ui/widgets/systems_choice.py", "mean of per-pair scores or pooled counts (kept)"),
    Key("sys_test", "ui/widgets/systems_choice.py", "paired bootstrap or approximate randomization (kept)"),
    Key("sys_samples_{method}", "ui/widgets/systems_choice.py", "a test's number of resamples or shuffles (kept)"),
    Key("sys_seed", "ui/widgets/systems_choice.py", "the comparison's seed (kept)"),
    Key("sys_alpha", "ui/widgets/systems_choice.py", "the significance level that marks p-values (kept)"),
    Key("sys_common", "ui/widgets/systems_documents.py", "compare on the documents every system has (kept)"),
    Key("sys_a", "ui/widgets/systems_scatter.py", "the scatter's system A (kept)"),
    Key("sys_b", "ui/widgets/systems_scatter.py", "the scatter's system B (kept)"),
    Key("sys_scatter:{digest}", "ui/widgets/systems_scatter.py", "the per-document scatter and its selection"),
    Key(
        "sys_docs:{digest}",
        "ui/widgets/systems_scatter.py",
        "the table of the selected documents and its row selection",
    ),
    Key("sys_dl:{name}", "ui/widgets/systems_downloads.py", "a download button"),
    Key("sys_paper_baseline", "ui/widgets/systems_downloads.py", "the paper table's baseline system (kept)"),
    # Agreement with humans
    Key("_agree_msg", "ui/widgets/agreement_source.py", "the outcome of the last sample load, shown once"),
    Key(
        "agree_load:{sample}", "ui/widgets/agreement_source.py", "the button loading a sample corpus with its judgments"
    ),
    Key("agree_corpus", "ui/widgets/agreement_source.py", "the stored corpus whose judgments are used (kept)"),
    Key("agree_criterion", "ui/widgets/agreement_source.py", "the criterion correlated with (kept)"),
    Key("agree_sources", "ui/widgets/agreement_source.py", "the sources of judgments averaged (kept)"),
    Key("agree_measures", "ui/widgets/agreement_variants.py", "the ROUGE measures compared (kept)"),
    Key("agree_settings", "ui/widgets/agreement_variants.py", "the settings CASE / STEM / STOP compared (kept)"),
    Key("agree_stat", "ui/widgets/agreement_variants.py", "the statistic: F, R or P (kept)"),
    Key("agree_lin", "ui/widgets/agreement_variants.py", "the button choosing Lin (2004)'s grid"),
    Key("agree_long_n", "ui/widgets/agreement_variants.py", "Lin's grid with ROUGE-5 to 9 (kept)"),
    Key("agree_levels", "ui/widgets/agreement_correlations.py", "the correlation levels (kept)"),
    Key("agree_coefs", "ui/widgets/agreement_correlations.py", "the correlation coefficients (kept)"),
    Key(
        "agree_resample",
        "ui/widgets/agreement_correlations.py",
        "what the bootstrap and the permutation test resample (kept)",
    ),
    Key("agree_samples", "ui/widgets/agreement_correlations.py", "the bootstrap's number of resamples (kept)"),
    Key(
        "agree_seed",
        "ui/widgets/agreement_correlations.py",
        "the seed of the bootstrap and the permutation test (kept)",
    ),
    Key("agree_heatmap", "ui/widgets/agreement_table.py", "the heatmap of the correlations"),
    Key("agree_grid_level", "ui/widgets/agreement_table.py", "the level of Lin's grid (kept)"),
    Key("agree_grid_coef", "ui/widgets/agreement_table.py", "the coefficient of Lin's grid (kept)"),
    Key("agree_dl:{file_name}", "ui/widgets/agreement_table.py", "a download button"),
    Key("agree_scatter_variant", "ui/widgets/agreement_scatter.py", "the variant of the scatter (kept)"),
    Key(
        "agree_scatter:{digest}",
        "ui/widgets/agreement_scatter.py",
        "the human vs ROUGE scatter and its point selection",
    ),
    Key("agree_perm_a", "ui/widgets/agreement_compare.py", "the permutation test's variant A (kept)"),
    Key("agree_perm_b", "ui/widgets/agreement_compare.py", "the permutation test's variant B (kept)"),
    Key("agree_perm_level", "ui/widgets/agreement_compare.py", "the permutation test's level (kept)"),
    Key("agree_perm_coef", "ui/widgets/agreement_compare.py", "the permutation test's coefficient (kept)"),
    Key(
        "agree_perm_samples", "ui/widgets/agreement_compare.py", "the permutation test's number of permutations (kept)"
    ),
)


def declared(key: str) -> bool:
    """Whether ``key`` (or the f-string text that builds it) is declared in :data:`KEYS`.

    >>> declared("opt_profile"), declared("learn_{sec}_step"), declared("no_such_key")
    (True, True, False)
    """
    return any(k.matches(key) for k in KEYS)
