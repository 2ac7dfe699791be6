/// The page's stylesheet: light by default, dark where the reader's system asks for it, the heat
/// scale readable in both.
enum ReportStyle {
    static let css = """
        :root { color-scheme: light dark; --bg: #fbfaf7; --card: #ffffff; --fg: #1d232a; --muted: #5b6570;
          --grid: #e2e5e9; --track: #eceef1; --accent: #2f6fde; --planned: #b7c3d1; --done: #2e9e6a;
          --heat-none: #eceef1; --heat-future: #f6f7f8; --heat-0: #f3c7b4; --heat-1: #f1dfa2; --heat-2: #c9e3a3;
          --heat-3: #7cc98f; --heat-4: #2e9e6a; --cell-text: #1d232a; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #11151a; --card: #1a2027; --fg: #e4e8ed; --muted: #9aa5b1; --grid: #2c333c;
            --track: #262d35; --accent: #6ea1ff; --planned: #4a5868; --done: #3fbf84; --heat-none: #262d35;
            --heat-future: #1d232a; --heat-0: #7a3b2a; --heat-1: #77632a; --heat-2: #4f6f35; --heat-3: #2f7f52;
            --heat-4: #3fbf84; --cell-text: #f4f6f8; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--fg);
          font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
        main { max-width: 980px; margin: 0 auto; padding: 32px 24px 48px; }
        h1 { font-size: 26px; margin: 0 0 4px; }
        h2 { font-size: 18px; margin: 0 0 12px; }
        .subtitle { color: var(--muted); margin: 0 0 24px; }
        section { background: var(--card); border-radius: 12px; padding: 20px 24px; margin: 0 0 20px;
          box-shadow: 0 1px 3px rgba(0, 0, 0, 0.08); }
        .cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px;
          background: none; box-shadow: none; padding: 0; }
        .card { background: var(--card); border-radius: 12px; padding: 14px 16px;
          box-shadow: 0 1px 3px rgba(0, 0, 0, 0.08); }
        .figure { display: block; font-size: 26px; font-weight: 650; }
        .caption { color: var(--muted); font-size: 13px; }
        .pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(400px, 1fr)); gap: 20px; }
        svg.chart { display: block; max-width: 100%; height: auto; overflow: visible; }
        svg text { fill: var(--fg); font-size: 12px; font-family: inherit; }
        svg text.axis { fill: var(--muted); font-size: 11px; }
        svg text.figure-text { font-size: 13px; font-variant-numeric: tabular-nums; }
        svg text.cell-text { fill: var(--cell-text); font-size: 12px; font-weight: 600; }
        .grid { stroke: var(--grid); stroke-width: 1; }
        .axis-line { stroke: var(--muted); stroke-width: 1; }
        .track { fill: var(--track); }
        .bar-planned { fill: var(--planned); }
        .bar-done { fill: var(--done); }
        .rate-line { fill: none; stroke: var(--accent); stroke-width: 2.5; stroke-linejoin: round; }
        .rate-point { fill: var(--card); stroke: var(--accent); stroke-width: 2.5; }
        .heat-none { fill: var(--heat-none); } .heat-future { fill: var(--heat-future); }
        .heat-0 { fill: var(--heat-0); } .heat-1 { fill: var(--heat-1); } .heat-2 { fill: var(--heat-2); }
        .heat-3 { fill: var(--heat-3); } .heat-4 { fill: var(--heat-4); }
        .legend { display: flex; gap: 10px; align-items: center; color: var(--muted); font-size: 13px;
          margin-top: 10px; flex-wrap: wrap; }
        .swatch { display: inline-block; width: 14px; height: 14px; border-radius: 3px; vertical-align: -2px; }
        .swatch.heat-none { background: var(--heat-none); } .swatch.heat-0 { background: var(--heat-0); }
        .swatch.heat-1 { background: var(--heat-1); } .swatch.heat-2 { background: var(--heat-2); }
        .swatch.heat-3 { background: var(--heat-3); } .swatch.heat-4 { background: var(--heat-4); }
        table { border-collapse: collapse; width: 100%; font-size: 14px; }
        th, td { text-align: left; padding: 7px 10px; border-bottom: 1px solid var(--grid); }
        th { color: var(--muted); font-weight: 600; font-size: 13px; }
        td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
        .status { font-size: 12px; padding: 2px 8px; border-radius: 10px; background: var(--track); }
        .status.done { background: var(--done); color: #ffffff; }
        .empty { color: var(--muted); }
        footer { color: var(--muted); font-size: 13px; text-align: center; }
        """
}
