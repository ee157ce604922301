"use client";

import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ContinuationRecallSummary } from "@/lib/api/contracts/continuation-recall-summary";
import { formatShare, retentionColour } from "@/lib/client/retention-colour";

type Cut = ContinuationRecallSummary["points"][number];

/**
 * The run's continuation recall at each cut as a small bar chart (issue #42, item 7): one bar per cut, in call
 * order, its height the share of later-used facts the context still held, coloured red to green; a click on a bar
 * chooses that cut. Sixty-four cuts were a wall of sixty-four percentages; as bars the dips stand out.
 */
export function ContinuationRecallChart({ cuts, chosen, worst, onChoose }: { cuts: readonly Cut[]; chosen: number | null; worst: readonly number[]; onChoose: (index: number) => void }) {
  const data = cuts.map((cut, index) => ({
    index,
    label: cut.step === "final" ? "end" : `#${cut.step}`,
    recall: cut.recall === null ? 0 : Math.round(cut.recall * 1000) / 10,
    scored: cut.recall !== null,
    held: `${cut.present} of ${cut.counted}`,
  }));
  const worstSet = new Set(worst);
  return (
    <div data-testid="run-recall-chart" data-cuts={cuts.length} className="h-28 w-full" role="img" aria-label={`Continuation recall at each of ${cuts.length} cuts; the worst: ${worst.map((index) => `${data[index].label} ${formatShare(cuts[index].recall)}`).join(", ")}`}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -18 }} barCategoryGap={1}>
          <CartesianGrid strokeDasharray="2 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 10, fill: "#475569" }} interval="preserveStartEnd" minTickGap={16} tickLine={false} />
          <YAxis domain={[0, 100]} ticks={[0, 50, 100]} tickFormatter={(value: number) => `${value}%`} tick={{ fontSize: 10, fill: "#475569" }} tickLine={false} axisLine={false} />
          <Tooltip
            cursor={{ fill: "rgba(109, 40, 217, 0.08)" }}
            formatter={(value, _name, item) => [`${item.payload.scored ? `${value}%` : "nothing to check"} (${item.payload.held} facts held)`, "recall"]}
            labelFormatter={(label) => `cut before call ${String(label).replace("#", "")}`}
          />
          <Bar dataKey="recall" isAnimationActive={false} onClick={(_entry, index) => onChoose(index)} cursor="pointer" minPointSize={2}>
            {data.map((entry) => {
              const colour = retentionColour(cuts[entry.index].recall);
              const emphasis = entry.index === chosen ? "#6d28d9" : worstSet.has(entry.index) ? colour.text : undefined;
              return <Cell key={entry.index} fill={colour.background} stroke={emphasis ?? colour.text} strokeWidth={emphasis ? 2 : 0.5} />;
            })}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
