<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Accessible</name>
    <message>
        <source>empty</source>
        <translation>leer</translation>
    </message>
    <message>
        <source>%1 king</source>
        <translation>Dame (%1)</translation>
    </message>
    <message>
        <source>%1 man</source>
        <translation>Stein (%1)</translation>
    </message>
    <message>
        <source>on top of %1</source>
        <translation>auf %1</translation>
    </message>
    <message>
        <source>%1: light square</source>
        <translation>%1: helles Feld</translation>
    </message>
    <message>
        <source>must capture</source>
        <translation>muss schlagen</translation>
    </message>
    <message>
        <source>can move</source>
        <translation>kann ziehen</translation>
    </message>
    <message>
        <source>held</source>
        <translation>aufgenommen</translation>
    </message>
    <message>
        <source>target</source>
        <translation>Zielfeld</translation>
    </message>
    <message>
        <source>last move</source>
        <translation>letzter Zug</translation>
    </message>
    <message>
        <source>hint</source>
        <translation>Tipp</translation>
    </message>
    <message>
        <source>blown away</source>
        <translation>weggeblasen</translation>
    </message>
    <message>
        <source>circled</source>
        <translation>eingekreist</translation>
    </message>
    <message>
        <source>arrow to %1</source>
        <translation>Pfeil nach %1</translation>
    </message>
    <message>
        <source>row %1, column %2</source>
        <translation>Reihe %1, Spalte %2</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Brett</translation>
    </message>
</context>
<context>
    <name>AnalyseFileDialog</name>
    <message>
        <source>Analysing… %1 of %2 games done</source>
        <translation>Analyse läuft … %1 von %2 Partien fertig</translation>
    </message>
    <message>
        <source>Done: %1 of %2 games analysed.</source>
        <translation>Fertig: %1 von %2 Partien analysiert.</translation>
    </message>
    <message>
        <source>Game %1 was skipped: %2</source>
        <translation>Partie %1 wurde übersprungen: %2</translation>
    </message>
    <message>
        <source>Analyse file</source>
        <translation>Datei analysieren</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
    </message>
    <message>
        <source>%1: every game will be analysed (%2 games).</source>
        <translation>%1: Jede Partie wird analysiert (%2 Partien).</translation>
    </message>
    <message>
        <source>&amp;Processes:</source>
        <translation>&amp;Prozesse:</translation>
    </message>
    <message>
        <source>How many games are analysed at once (one per core)</source>
        <translation>Wie viele Partien gleichzeitig analysiert werden (eine je Prozessorkern)</translation>
    </message>
</context>
<context>
    <name>AnalyseGameDialog</name>
    <message>
        <source>Analysing… %1 of %2 positions done</source>
        <translation>Analyse läuft … %1 von %2 Stellungen fertig</translation>
    </message>
    <message>
        <source>Done: %1 moves annotated.</source>
        <translation>Fertig: %1 Züge kommentiert.</translation>
    </message>
    <message>
        <source>%1: inaccuracies %2, mistakes %3, blunders %4.</source>
        <translation>%1: Ungenauigkeiten %2, Fehler %3, grobe Fehler %4.</translation>
    </message>
    <message>
        <source>Analyse game</source>
        <translation>Partie analysieren</translation>
    </message>
    <message>
        <source>This game</source>
        <translation>Diese Partie</translation>
    </message>
    <message>
        <source>%1: the %2 moves of the main line will be judged.</source>
        <translation>%1: Die %2 Züge der Hauptvariante werden bewertet.</translation>
    </message>
</context>
<context>
    <name>AnalysisController</name>
    <message>
        <source>Analysis</source>
        <translation>Analyse</translation>
    </message>
    <message>
        <source>Anal&amp;ysis</source>
        <translation>Anal&amp;yse</translation>
    </message>
    <message>
        <source>The engine&apos;s evaluation and best line of the shown position</source>
        <translation>Bewertung und beste Variante der Engine für die gezeigte Stellung</translation>
    </message>
    <message>
        <source>&amp;Analyse game…</source>
        <translation>Partie ana&amp;lysieren…</translation>
    </message>
    <message>
        <source>Analyse &amp;file…</source>
        <translation>Datei ana&amp;lysieren…</translation>
    </message>
    <message>
        <source>The position being set up is not analysed: %1</source>
        <translation>Die Stellung im Aufbau wird nicht analysiert: %1</translation>
    </message>
    <message>
        <source>The engine&apos;s line is played into the game only while a game of a file is studied.</source>
        <translation>Die Variante der Engine wird nur in die Partie übernommen, während eine Partie einer Datei untersucht wird.</translation>
    </message>
</context>
<context>
    <name>AnalysisPanel</name>
    <message>
        <source>More lines</source>
        <translation>Mehr Varianten</translation>
    </message>
    <message>
        <source>Show the engine&apos;s best three lines</source>
        <translation>Die drei besten Varianten der Engine zeigen</translation>
    </message>
    <message>
        <source>Built-in engine</source>
        <translation>Eingebaute Engine</translation>
    </message>
    <message>
        <source>Engine: %1</source>
        <translation>Engine: %1</translation>
    </message>
    <message>
        <source>No position to analyse</source>
        <translation>Keine Stellung zu analysieren</translation>
    </message>
    <message>
        <source>Analysing…</source>
        <translation>Analysiere …</translation>
    </message>
    <message>
        <source>Analysis finished</source>
        <translation>Analyse beendet</translation>
    </message>
    <message>
        <source>Analysis stopped</source>
        <translation>Analyse angehalten</translation>
    </message>
    <message>
        <source>The game is over: no legal move</source>
        <translation>Die Partie ist zu Ende: kein Zug möglich</translation>
    </message>
    <message>
        <source>depth %1</source>
        <translation>Tiefe %1</translation>
    </message>
</context>
<context>
    <name>AnalysisWords</name>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>White</source>
        <translation>Weiß</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>Schwarz</translation>
    </message>
    <message>
        <source>%1 has won</source>
        <translation>%1 hat gewonnen</translation>
    </message>
    <message>
        <source>%1 wins in 1 move</source>
        <translation>%1 gewinnt in einem Zug</translation>
    </message>
    <message>
        <source>%1 wins in %2 moves</source>
        <translation>%1 gewinnt in %2 Zügen</translation>
    </message>
    <message>
        <source>about equal</source>
        <translation>etwa ausgeglichen</translation>
    </message>
    <message>
        <source>%1 is slightly better</source>
        <translation>%1 steht etwas besser</translation>
    </message>
    <message>
        <source>%1 is clearly better</source>
        <translation>%1 steht klar besser</translation>
    </message>
    <message>
        <source>%1 is winning</source>
        <translation>%1 steht auf Gewinn</translation>
    </message>
    <message>
        <source>Draw: endgame table</source>
        <translation>Remis: Endspieltabelle</translation>
    </message>
    <message>
        <source>%1 wins: endgame table</source>
        <translation>%1 gewinnt: Endspieltabelle</translation>
    </message>
    <message>
        <source>The tables count no moves: the draw rule&apos;s count (%1 of %2 plies) or the endgame&apos;s move limit may end the game first.</source>
        <translation>Die Tabellen zählen keine Züge: Die Zählung der Remisregel (%1 von %2 Halbzügen) oder die Zuggrenze im Endspiel kann die Partie vorher beenden.</translation>
    </message>
    <message>
        <source>The tables count no moves: the draw rule&apos;s count (%1 of %2 plies) may end the game first.</source>
        <translation>Die Tabellen zählen keine Züge: Die Zählung der Remisregel (%1 von %2 Halbzügen) kann die Partie vorher beenden.</translation>
    </message>
    <message>
        <source>The tables count no moves: the endgame&apos;s move limit may end the game first.</source>
        <translation>Die Tabellen zählen keine Züge: Die Zuggrenze im Endspiel kann die Partie vorher beenden.</translation>
    </message>
</context>
<context>
    <name>AnnotationPanel</name>
    <message>
        <source>good move</source>
        <translation>guter Zug</translation>
    </message>
    <message>
        <source>mistake</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>very good move</source>
        <translation>sehr guter Zug</translation>
    </message>
    <message>
        <source>blunder</source>
        <translation>grober Fehler</translation>
    </message>
    <message>
        <source>interesting move</source>
        <translation>interessanter Zug</translation>
    </message>
    <message>
        <source>dubious move</source>
        <translation>zweifelhafter Zug</translation>
    </message>
    <message>
        <source>%1 %2 (Ctrl+%3)</source>
        <translation>%1 %2 (Strg+%3)</translation>
    </message>
    <message>
        <source>Game details…</source>
        <translation>Partiedaten…</translation>
    </message>
    <message>
        <source>Write a comment…</source>
        <translation>Schreib einen Kommentar…</translation>
    </message>
    <message>
        <source>Comment on this move:</source>
        <translation>Kommentar zu diesem Zug:</translation>
    </message>
    <message>
        <source>Comment before the first move:</source>
        <translation>Kommentar vor dem ersten Zug:</translation>
    </message>
</context>
<context>
    <name>BoardMessages</name>
    <message>
        <source>You must capture</source>
        <translation>Du musst schlagen</translation>
    </message>
    <message>
        <source>%1 blew away the piece on %2: it should have captured.</source>
        <translation>%1 pustet den Stein auf %2 weg: Er hätte schlagen müssen.</translation>
    </message>
</context>
<context>
    <name>BoardWidget</name>
    <message>
        <source>No move can be made now</source>
        <translation>Gerade kann kein Zug gemacht werden</translation>
    </message>
    <message>
        <source>That piece belongs to the other side</source>
        <translation>Dieser Stein gehört der anderen Seite</translation>
    </message>
    <message>
        <source>You must capture</source>
        <translation>Du musst schlagen</translation>
    </message>
    <message>
        <source>This piece cannot move</source>
        <translation>Dieser Stein kann nicht ziehen</translation>
    </message>
    <message>
        <source>The capture is not finished: jump on to a marked square</source>
        <translation>Das Schlagen ist noch nicht fertig: Spring weiter auf ein markiertes Feld</translation>
    </message>
    <message>
        <source>Touch-move rule: you touched the piece on %1, so it must be moved</source>
        <translation>Regel „Berührt – geführt“: Du hast den Stein auf %1 berührt, also muss er ziehen</translation>
    </message>
    <message>
        <source> (to %1)</source>
        <translation> (nach %1)</translation>
    </message>
    <message>
        <source>That square is occupied</source>
        <translation>Dieses Feld ist besetzt</translation>
    </message>
    <message>
        <source>Several captures end on that square: choose the way by moving to the next square first (%1)</source>
        <translation>Mehrere Schläge enden auf diesem Feld: wähle den Weg, indem du zuerst auf das nächste Feld ziehst (%1)</translation>
    </message>
    <message>
        <source>Another capture takes precedence under these rules</source>
        <translation>Nach diesen Regeln hat ein anderer Schlag Vorrang</translation>
    </message>
    <message>
        <source>Men move only forward</source>
        <translation>Steine ziehen nur vorwärts</translation>
    </message>
    <message>
        <source>This piece cannot move there</source>
        <translation>Dieser Stein kann dort nicht hinziehen</translation>
    </message>
    <message>
        <source>Pieces move only on the dark squares</source>
        <translation>Gezogen wird nur auf den dunklen Feldern</translation>
    </message>
</context>
<context>
    <name>ClockController</name>
    <message>
        <source>&amp;Pause the clocks</source>
        <translation>Uhren an&amp;halten</translation>
    </message>
    <message>
        <source>Stop both clocks for a break; press again to go on</source>
        <translation>Beide Uhren für eine Pause anhalten; noch einmal drücken, um weiterzuspielen</translation>
    </message>
</context>
<context>
    <name>ClocksPanel</name>
    <message>
        <source>%1: time is up</source>
        <translation>%1: Zeit abgelaufen</translation>
    </message>
    <message>
        <source>Clocks stopped</source>
        <translation>Uhren gestoppt</translation>
    </message>
    <message>
        <source>Clocks paused while you look at another position</source>
        <translation>Uhren angehalten, solange du eine andere Stellung ansiehst</translation>
    </message>
    <message>
        <source>Clocks paused</source>
        <translation>Uhren angehalten</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>&amp;Pause the clocks</source>
        <translation>Uhren an&amp;halten</translation>
    </message>
    <message>
        <source>Stop both clocks for a break; press again to go on</source>
        <translation>Beide Uhren für eine Pause anhalten; noch einmal drücken, um weiterzuspielen</translation>
    </message>
    <message>
        <source>Clocks</source>
        <translation>Uhren</translation>
    </message>
    <message>
        <source>The clocks stand still while a dialog or the huffing decision is open, while the window is minimised and while you look at an earlier position or another game.</source>
        <translation>Die Uhren stehen still, solange ein Dialog oder die Entscheidung übers Blasen offen ist, solange das Fenster minimiert ist und solange du eine frühere Stellung oder eine andere Partie ansiehst.</translation>
    </message>
</context>
<context>
    <name>DiagramController</name>
    <message>
        <source>Export &amp;diagram…</source>
        <translation>&amp;Diagramm exportieren…</translation>
    </message>
    <message>
        <source>E&amp;xport game as PDF…</source>
        <translation>Partie als PDF e&amp;xportieren…</translation>
    </message>
    <message>
        <source>Pri&amp;nt game…</source>
        <translation>Partie druc&amp;ken…</translation>
    </message>
    <message>
        <source>Copy dia&amp;gram</source>
        <translation>Dia&amp;gramm kopieren</translation>
    </message>
    <message>
        <source>%1 to move</source>
        <translation>%1 zieht</translation>
    </message>
    <message>
        <source>A diagram is saved as .svg or .png, not as %1</source>
        <translation>Ein Diagramm wird als .svg oder .png gespeichert, nicht als %1</translation>
    </message>
    <message>
        <source>The diagram could not be saved: %1</source>
        <translation>Das Diagramm konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Diagram saved as %1</source>
        <translation>Diagramm gespeichert als %1</translation>
    </message>
    <message>
        <source>Diagram copied</source>
        <translation>Diagramm kopiert</translation>
    </message>
</context>
<context>
    <name>DiagramDialog</name>
    <message>
        <source>Export diagram</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>diagram.svg or diagram.png</source>
        <translation>diagramm.svg oder diagramm.png</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>&amp;Choose…</source>
        <translation>&amp;Wählen…</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>&amp;Datei:</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>Square numbers</source>
        <translation>Feldnummern</translation>
    </message>
    <message>
        <source>Coordinates (a1-h8)</source>
        <translation>Koordinaten (a1-h8)</translation>
    </message>
    <message>
        <source>&amp;Labels:</source>
        <translation>&amp;Beschriftung:</translation>
    </message>
    <message>
        <source>&amp;Turned (the second side at the bottom)</source>
        <translation>&amp;Gedreht (die zweite Seite unten)</translation>
    </message>
    <message>
        <source>Show the &amp;last move</source>
        <translation>&amp;Letzten Zug zeigen</translation>
    </message>
    <message>
        <source>Show the &amp;arrows and circles</source>
        <translation>&amp;Pfeile und Kreise zeigen</translation>
    </message>
    <message>
        <source>Name &amp;above:</source>
        <translation>Name &amp;oben:</translation>
    </message>
    <message>
        <source>Name &amp;below:</source>
        <translation>Name &amp;unten:</translation>
    </message>
    <message>
        <source>&amp;Stipulation:</source>
        <translation>&amp;Forderung:</translation>
    </message>
    <message>
        <source>Print the &amp;FEN under the diagram</source>
        <translation>&amp;FEN unter das Diagramm setzen</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>B&amp;reite:</translation>
    </message>
    <message>
        <source>SVG image (*.svg);;PNG image (*.png)</source>
        <translation>SVG-Bild (*.svg);;PNG-Bild (*.png)</translation>
    </message>
</context>
<context>
    <name>DocumentController</name>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Games in this file…</source>
        <translation>&amp;Partien in dieser Datei…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>Set &amp;up a position…</source>
        <translation>Stellung auf&amp;bauen…</translation>
    </message>
    <message>
        <source>&amp;Check every game…</source>
        <translation>&amp;Alle Partien prüfen…</translation>
    </message>
    <message>
        <source>&amp;Problems in this file…</source>
        <translation>P&amp;robleme in dieser Datei…</translation>
    </message>
    <message>
        <source>Copy game as &amp;PDN</source>
        <translation>Partie als &amp;PDN kopieren</translation>
    </message>
    <message>
        <source>Copy position as &amp;FEN</source>
        <translation>Stellung als &amp;FEN kopieren</translation>
    </message>
    <message>
        <source>Copy position as &amp;text</source>
        <translation>Stellung als &amp;Text kopieren</translation>
    </message>
    <message>
        <source>&amp;Paste FEN or PDN</source>
        <translation>FEN oder PDN &amp;einfügen</translation>
    </message>
    <message>
        <source>The list of recent files could not be saved: %1</source>
        <translation>Die Liste der zuletzt geöffneten Dateien konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>%1 is no longer there.</source>
        <translation>%1 gibt es nicht mehr.</translation>
    </message>
    <message>
        <source>PDN files (*.pdn *.PDN);;All files (*)</source>
        <translation>PDN-Dateien (*.pdn *.PDN);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open a PDN file</source>
        <translation>PDN-Datei öffnen</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>%1 cannot be opened: %2</source>
        <translation>%1 lässt sich nicht öffnen: %2</translation>
    </message>
    <message>
        <source>%1 holds no games.</source>
        <translation>%1 enthält keine Partien.</translation>
    </message>
    <message>
        <source>%1: %2 games</source>
        <translation>%1: %2 Partien</translation>
    </message>
    <message>
        <source>Reading every game…</source>
        <translation>Alle Partien werden gelesen…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>No problems in %1 games.</source>
        <translation>Keine Fehler in %1 Partien.</translation>
    </message>
    <message>
        <source>New file</source>
        <translation>Neue Datei</translation>
    </message>
    <message>
        <source>Games in %1</source>
        <translation>Partien in %1</translation>
    </message>
    <message>
        <source>This game comes from another file: it opens once this file is saved.</source>
        <translation>Diese Partie stammt aus einer anderen Datei: Sie lässt sich öffnen, sobald diese Datei gespeichert ist.</translation>
    </message>
    <message>
        <source>Game %1 has problems: %2</source>
        <translation>Partie %1 hat Fehler: %2</translation>
    </message>
    <message>
        <source>the new game</source>
        <translation>die neue Partie</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>Save the changes to %1?</source>
        <translation>Änderungen an %1 speichern?</translation>
    </message>
    <message>
        <source>File changed</source>
        <translation>Datei geändert</translation>
    </message>
    <message>
        <source>%1 was changed by another program since it was opened. Save anyway (the other changes are lost)?</source>
        <translation>%1 wurde seit dem Öffnen von einem anderen Programm geändert. Trotzdem speichern (die anderen Änderungen gehen verloren)?</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>%1 cannot be written: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>Speichern unter…</translation>
    </message>
    <message>
        <source>Save as</source>
        <translation>Speichern unter</translation>
    </message>
    <message>
        <source>%1 cannot be saved: %2</source>
        <translation>%1 lässt sich nicht speichern: %2</translation>
    </message>
    <message>
        <source>Saved to %1</source>
        <translation>Gespeichert in %1</translation>
    </message>
    <message>
        <source>Copied: %1</source>
        <translation>Kopiert: %1</translation>
    </message>
    <message>
        <source>The position was copied as text.</source>
        <translation>Die Stellung wurde als Text kopiert.</translation>
    </message>
    <message>
        <source>The game was copied as PDN.</source>
        <translation>Die Partie wurde als PDN kopiert.</translation>
    </message>
    <message>
        <source>Nothing to paste: %1</source>
        <translation>Nichts zum Einfügen: %1</translation>
    </message>
    <message>
        <source>%1%2 – game %3 of %4 – Dame</source>
        <translation>%1%2 – Partie %3 von %4 – Dame</translation>
    </message>
    <message>
        <source>%1%2 – Dame</source>
        <translation>%1%2 – Dame</translation>
    </message>
</context>
<context>
    <name>Draw</name>
    <message>
        <source>Gladly: neither of us can win this any more.</source>
        <translation>Gern, hier kann keiner von uns mehr gewinnen.</translation>
    </message>
    <message>
        <source>Agreed: we have been going round in circles for a while.</source>
        <translation>Einverstanden: Wir drehen uns schon eine Weile im Kreis.</translation>
    </message>
    <message>
        <source>Yes, I accept: I stand worse.</source>
        <translation>Ja, einverstanden: Ich stehe schlechter.</translation>
    </message>
    <message>
        <source>No thanks, there is still a lot to play.</source>
        <translation>Nein danke, es ist noch viel zu spielen.</translation>
    </message>
    <message>
        <source>No thanks, I think I stand better.</source>
        <translation>Nein danke, ich stehe besser.</translation>
    </message>
    <message>
        <source>No thanks, nothing is decided yet.</source>
        <translation>Nein danke, noch ist nichts entschieden.</translation>
    </message>
    <message>
        <source>The game is already over.</source>
        <translation>Die Partie ist schon vorbei.</translation>
    </message>
    <message>
        <source>Draw offer</source>
        <translation>Remisangebot</translation>
    </message>
    <message>
        <source>%1 offers a draw. Do you accept?</source>
        <translation>%1 bietet Remis an. Nimmst du an?</translation>
    </message>
</context>
<context>
    <name>EndgameTables</name>
    <message>
        <source>Building the endgame tables for %1 in the background.</source>
        <translation>Die Endspieltabellen für %1 werden im Hintergrund erstellt.</translation>
    </message>
    <message>
        <source>Stopped building the endgame tables. What is built stays; the program goes on with them the next time it starts (Preferences can turn this off).</source>
        <translation>Das Erstellen der Endspieltabellen wurde angehalten. Was fertig ist, bleibt; beim nächsten Start macht das Programm damit weiter (in den Einstellungen abschaltbar).</translation>
    </message>
    <message>
        <source>The endgame tables for %1 are ready (%2 MB): the computer and the analysis now know every ending of up to %3 pieces.</source>
        <translation>Die Endspieltabellen für %1 sind fertig (%2 MB): Der Computer und die Analyse kennen jetzt jedes Endspiel mit bis zu %3 Steinen.</translation>
    </message>
    <message>
        <source>Another Dame program is building the endgame tables for %1.</source>
        <translation>Ein anderes Dame-Programm erstellt gerade die Endspieltabellen für %1.</translation>
    </message>
    <message>
        <source>The endgame tables for %1 could not be built: %2</source>
        <translation>Die Endspieltabellen für %1 konnten nicht erstellt werden: %2</translation>
    </message>
</context>
<context>
    <name>EngineFault</name>
    <message>
        <source>cannot start the engine %1: %2</source>
        <translation>die Engine %1 lässt sich nicht starten: %2</translation>
    </message>
    <message>
        <source>the engine was closed</source>
        <translation>die Engine wurde geschlossen</translation>
    </message>
    <message>
        <source>it did not finish the handshake (&apos;wait&apos;) within %1 s</source>
        <translation>sie hat die Begrüßung (&apos;wait&apos;) nicht binnen %1 s beendet</translation>
    </message>
    <message>
        <source>it was not ready within %1 s of &apos;init&apos;</source>
        <translation>sie war %1 s nach &apos;init&apos; noch nicht bereit</translation>
    </message>
    <message>
        <source>it is not running</source>
        <translation>sie läuft nicht</translation>
    </message>
    <message>
        <source>it stopped reading its input</source>
        <translation>sie liest ihre Eingabe nicht mehr</translation>
    </message>
    <message>
        <source>it quit during the handshake</source>
        <translation>sie hat sich während der Begrüßung beendet</translation>
    </message>
    <message>
        <source>it quit while getting ready (&apos;init&apos;)</source>
        <translation>sie hat sich beim Vorbereiten (&apos;init&apos;) beendet</translation>
    </message>
    <message>
        <source>it quit during the search</source>
        <translation>sie hat sich während der Suche beendet</translation>
    </message>
    <message>
        <source>it has quit</source>
        <translation>sie hat sich beendet</translation>
    </message>
    <message>
        <source>it sent a line longer than %1 bytes</source>
        <translation>sie hat eine Zeile mit mehr als %1 Bytes geschickt</translation>
    </message>
    <message>
        <source>it sent a garbled line (not UTF-8 text)</source>
        <translation>sie hat eine unleserliche Zeile geschickt (kein UTF-8-Text)</translation>
    </message>
    <message>
        <source>it sent a garbled line (%1): %2</source>
        <translation>sie hat eine unleserliche Zeile geschickt (%1): %2</translation>
    </message>
    <message>
        <source>it did not answer &apos;stop&apos; within %1 s</source>
        <translation>sie hat auf &apos;stop&apos; nicht binnen %1 s geantwortet</translation>
    </message>
    <message>
        <source>it did not answer within %1 s and a margin (it hangs)</source>
        <translation>sie hat nicht binnen %1 s und einer Reserve geantwortet (sie hängt)</translation>
    </message>
    <message>
        <source>it did not answer within %1 s (it hangs)</source>
        <translation>sie hat nicht binnen %1 s geantwortet (sie hängt)</translation>
    </message>
    <message>
        <source>it did not answer in time (it hangs)</source>
        <translation>sie hat nicht rechtzeitig geantwortet (sie hängt)</translation>
    </message>
    <message>
        <source>it answered without a move: %1</source>
        <translation>sie hat ohne Zug geantwortet: %1</translation>
    </message>
    <message>
        <source>it sent an illegal move %1 in %2</source>
        <translation>sie hat den unzulässigen Zug %1 in %2 geschickt</translation>
    </message>
    <message>
        <source>it reported an error: %1</source>
        <translation>sie hat einen Fehler gemeldet: %1</translation>
    </message>
    <message>
        <source>it does not play %1</source>
        <translation>sie spielt %1 nicht</translation>
    </message>
    <message>
        <source>it found no legal move in %1</source>
        <translation>sie hat in %1 keinen zulässigen Zug gefunden</translation>
    </message>
    <message>
        <source> (it crashed: signal %1)</source>
        <translation> (sie ist abgestürzt: Signal %1)</translation>
    </message>
    <message>
        <source> (it exited with status %1)</source>
        <translation> (sie hat sich mit Status %1 beendet)</translation>
    </message>
</context>
<context>
    <name>EnginesPage</name>
    <message>
        <source>Dame (built in)</source>
        <translation>Dame (eingebaut)</translation>
    </message>
    <message>
        <source>%1 (Hub engine, %2)</source>
        <translation>%1 (Hub-Engine, %2)</translation>
    </message>
    <message>
        <source>none declared</source>
        <translation>keine angegeben</translation>
    </message>
    <message>
        <source>%1 — variants: %2</source>
        <translation>%1 — Varianten: %2</translation>
    </message>
    <message>
        <source>Choose an engine</source>
        <translation>Engine auswählen</translation>
    </message>
    <message>
        <source>%1 cannot be used as an engine: %2</source>
        <translation>%1 lässt sich nicht als Engine verwenden: %2</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Hinzufügen…</translation>
    </message>
    <message>
        <source>Choose the program of an engine that speaks the Hub protocol</source>
        <translation>Das Programm einer Engine wählen, die das Hub-Protokoll spricht</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Engine in &amp;use:</source>
        <translation>&amp;Verwendete Engine:</translation>
    </message>
    <message>
        <source>The engine analyses, gives the hints and plays as the computer wherever the rules in use are a variant it declares; everywhere else the built-in engine does. The analysis panel and the players&apos; names say which engine speaks.</source>
        <translation>Die Engine analysiert, gibt die Tipps und spielt als Computer überall dort, wo die gewählten Regeln eine Variante sind, die sie angibt; sonst tut es die eingebaute Engine. Die Analyseleiste und die Namen der Spieler nennen die Engine, die gerade spricht.</translation>
    </message>
</context>
<context>
    <name>EvaluationGraph</name>
    <message>
        <source>no evaluation</source>
        <translation>keine Bewertung</translation>
    </message>
</context>
<context>
    <name>ExplorerController</name>
    <message>
        <source>Opening explorer</source>
        <translation>Eröffnungsbaum</translation>
    </message>
    <message>
        <source>&amp;Opening explorer</source>
        <translation>&amp;Eröffnungsbaum</translation>
    </message>
    <message>
        <source>The moves played in the shown position, with their games and results</source>
        <translation>Die in der gezeigten Stellung gespielten Züge mit ihren Partien und Ergebnissen</translation>
    </message>
    <message>
        <source>My library (1 file)</source>
        <translation>Meine Sammlung (1 Datei)</translation>
    </message>
    <message>
        <source>My library (%1 files)</source>
        <translation>Meine Sammlung (%1 Dateien)</translation>
    </message>
    <message>
        <source>Open a file of games, or choose the files of your library, to see what was played here.</source>
        <translation>Öffne eine Partiendatei oder wähle die Dateien deiner Sammlung, um zu sehen, was hier gespielt wurde.</translation>
    </message>
    <message>
        <source>Choose the files of your library with Files…</source>
        <translation>Wähle die Dateien deiner Sammlung mit „Dateien…“.</translation>
    </message>
    <message>
        <source>Indexing cancelled.</source>
        <translation>Indizieren abgebrochen.</translation>
    </message>
    <message>
        <source>Indexing %1…</source>
        <translation>%1 wird indiziert…</translation>
    </message>
    <message>
        <source>The files of your library</source>
        <translation>Die Dateien deiner Sammlung</translation>
    </message>
    <message>
        <source>PDN files (*.pdn *.PDN);;All files (*)</source>
        <translation>PDN-Dateien (*.pdn *.PDN);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>ExplorerPanel</name>
    <message>
        <source>The open file</source>
        <translation>Die geöffnete Datei</translation>
    </message>
    <message>
        <source>My library</source>
        <translation>Meine Sammlung</translation>
    </message>
    <message>
        <source>Files…</source>
        <translation>Dateien…</translation>
    </message>
    <message>
        <source>Choose the files of your library</source>
        <translation>Die Dateien deiner Sammlung wählen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>First</source>
        <translation>Anziehende</translation>
    </message>
    <message>
        <source>Second</source>
        <translation>Nachziehende</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Zug</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Partien</translation>
    </message>
    <message>
        <source>%1 · draw · %2</source>
        <translation>%1 · remis · %2</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Wins of %1, draws and wins of %2 in the games with a result</source>
        <translation>Siege von %1, Remis und Siege von %2 in den Partien mit Ergebnis</translation>
    </message>
    <message>
        <source>Points of %1 (a win 1, a draw ½) per decided or drawn game</source>
        <translation>Punkte von %1 (Sieg 1, Remis ½) je entschiedener oder remis gespielter Partie</translation>
    </message>
    <message>
        <source>White</source>
        <translation>Weiß</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>Schwarz</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Turnier</translation>
    </message>
    <message>
        <source>No game reached this position.</source>
        <translation>Keine Partie erreichte diese Stellung.</translation>
    </message>
    <message>
        <source>%1 games reached this position (%2 files).</source>
        <translation>%1 Partien erreichten diese Stellung (%2 Dateien).</translation>
    </message>
    <message>
        <source>%1 games reached this position.</source>
        <translation>%1 Partien erreichten diese Stellung.</translation>
    </message>
    <message>
        <source>%1 wins: %2, draws: %3, %4 wins: %5, unknown: %6</source>
        <translation>%1 gewinnt: %2, remis: %3, %4 gewinnt: %5, unbekannt: %6</translation>
    </message>
    <message>
        <source>(game ends)</source>
        <translation>(Partie endet)</translation>
    </message>
    <message>
        <source>Games (the first %1 of %2):</source>
        <translation>Partien (die ersten %1 von %2):</translation>
    </message>
    <message>
        <source>Games:</source>
        <translation>Partien:</translation>
    </message>
    <message>
        <source>Game %1 of %2, ply %3</source>
        <translation>Partie %1 aus %2, Halbzug %3</translation>
    </message>
</context>
<context>
    <name>Family</name>
    <message>
        <source>Touch-move rule: you touched the piece on %1, so it must be moved.</source>
        <translation>Regel „Berührt – geführt“: Du hast den Stein auf %1 berührt, also muss er ziehen.</translation>
    </message>
    <message>
        <source>That move is not allowed here.</source>
        <translation>Dieser Zug ist hier nicht erlaubt.</translation>
    </message>
</context>
<context>
    <name>FamilyController</name>
    <message>
        <source>Straighten a piece without moving it: press before touching the piece (touch-move rule)</source>
        <translation>Einen Stein nur zurechtrücken, ohne mit ihm zu ziehen: vor dem Berühren drücken (berührt – geführt)</translation>
    </message>
    <message>
        <source>S&amp;traighten (touch-move)</source>
        <translation>Zur&amp;echtrücken (berührt – geführt)</translation>
    </message>
    <message>
        <source>Score ta&amp;ble…</source>
        <translation>&amp;Punktetabelle…</translation>
    </message>
    <message>
        <source>You declined the draw.</source>
        <translation>Du hast das Remis abgelehnt.</translation>
    </message>
    <message>
        <source>The answer to the draw offer came for an earlier position: offer again.</source>
        <translation>Die Antwort auf das Remisangebot galt einer früheren Stellung: biete es noch einmal an.</translation>
    </message>
    <message>
        <source>Score table…</source>
        <translation>Punktetabelle…</translation>
    </message>
    <message>
        <source>The score table could not be saved: %1</source>
        <translation>Die Punktetabelle konnte nicht gespeichert werden: %1</translation>
    </message>
</context>
<context>
    <name>FileGamesController</name>
    <message>
        <source>The game index of %1 cannot be stored in the cache folder: it is kept in memory until Dame closes.</source>
        <translation>Der Partienindex von %1 kann nicht im Cache-Ordner gespeichert werden: Er bleibt bis zum Beenden von Dame im Arbeitsspeicher.</translation>
    </message>
    <message>
        <source>The games of %1 could not be indexed: %2</source>
        <translation>Die Partien von %1 konnten nicht indiziert werden: %2</translation>
    </message>
    <message>
        <source>Indexing was cancelled; it starts again when the file is opened next.</source>
        <translation>Das Indizieren wurde abgebrochen; es beginnt erneut, wenn die Datei das nächste Mal geöffnet wird.</translation>
    </message>
    <message>
        <source>%1 was changed by another program. Your unsaved changes are kept; saving asks before it overwrites the file.</source>
        <translation>%1 wurde von einem anderen Programm geändert. Deine ungespeicherten Änderungen bleiben erhalten; beim Speichern wirst du gefragt, bevor die Datei überschrieben wird.</translation>
    </message>
    <message>
        <source>%1 was changed by another program: its games were read again.</source>
        <translation>%1 wurde von einem anderen Programm geändert: Die Partien wurden neu eingelesen.</translation>
    </message>
    <message>
        <source>Games wait to be written to %1 when this file is saved.</source>
        <translation>Partien werden beim Speichern dieser Datei in %1 geschrieben.</translation>
    </message>
    <message>
        <source>%1 games deleted (undo with Ctrl+Z until the file is saved)</source>
        <translation>%1 Partien gelöscht (rückgängig mit Strg+Z, bis die Datei gespeichert ist)</translation>
    </message>
    <message>
        <source>PDN files (*.pdn *.PDN);;All files (*)</source>
        <translation>PDN-Dateien (*.pdn *.PDN);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Move the games to</source>
        <translation>Partien verschieben nach</translation>
    </message>
    <message>
        <source>Copy the games to</source>
        <translation>Partien kopieren nach</translation>
    </message>
    <message>
        <source>%1 cannot be created: %2</source>
        <translation>%1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>The games cannot go to %1: %2</source>
        <translation>Die Partien können nicht nach %1: %2</translation>
    </message>
    <message>
        <source>%1 games moved to %2; written there when this file is saved</source>
        <translation>%1 Partien nach %2 verschoben; dort geschrieben, wenn diese Datei gespeichert wird</translation>
    </message>
    <message>
        <source>%1 games copied to %2; written there when this file is saved</source>
        <translation>%1 Partien nach %2 kopiert; dort geschrieben, wenn diese Datei gespeichert wird</translation>
    </message>
    <message>
        <source>Merge the games of a file</source>
        <translation>Partien einer Datei anfügen</translation>
    </message>
    <message>
        <source>%1 cannot be opened: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1 games of %2 added at the end</source>
        <translation>%1 Partien aus %2 am Ende angefügt</translation>
    </message>
    <message>
        <source>Looking for duplicates…</source>
        <translation>Suche nach doppelten Partien…</translation>
    </message>
    <message>
        <source>%1 duplicate games removed</source>
        <translation>%1 doppelte Partien entfernt</translation>
    </message>
    <message>
        <source>No duplicate games</source>
        <translation>Keine doppelten Partien</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Partien</translation>
    </message>
    <message>
        <source>Checking every game…</source>
        <translation>Alle Partien werden geprüft…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Checking game %1 of %2…</source>
        <translation>Partie %1 von %2 wird geprüft…</translation>
    </message>
    <message>
        <source>The games could not be checked: %1</source>
        <translation>Die Partien konnten nicht geprüft werden: %1</translation>
    </message>
</context>
<context>
    <name>GameController</name>
    <message>
        <source>The computer could not find a move.</source>
        <translation>Der Computer hat keinen Zug gefunden.</translation>
    </message>
</context>
<context>
    <name>GameListDialog</name>
    <message>
        <source>Search players, event, site, date…</source>
        <translation>Spieler, Turnier, Ort, Datum suchen…</translation>
    </message>
    <message>
        <source>All results</source>
        <translation>Alle Ergebnisse</translation>
    </message>
    <message>
        <source>First player won</source>
        <translation>Erster Spieler gewann</translation>
    </message>
    <message>
        <source>Second player won</source>
        <translation>Zweiter Spieler gewann</translation>
    </message>
    <message>
        <source>Draws</source>
        <translation>Remis</translation>
    </message>
    <message>
        <source>No result</source>
        <translation>Kein Ergebnis</translation>
    </message>
    <message>
        <source>Search the comments…</source>
        <translation>In Kommentaren suchen…</translation>
    </message>
    <message>
        <source>Date from</source>
        <translation>Datum von</translation>
    </message>
    <message>
        <source>year</source>
        <translation>Jahr</translation>
    </message>
    <message>
        <source>to</source>
        <translation>bis</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Copy to file…</source>
        <translation>In Datei kopieren…</translation>
    </message>
    <message>
        <source>Move to file…</source>
        <translation>In Datei verschieben…</translation>
    </message>
    <message>
        <source>Merge a file…</source>
        <translation>Datei anfügen…</translation>
    </message>
    <message>
        <source>Remove duplicates</source>
        <translation>Doppelte entfernen</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>More</source>
        <translation>Weitere</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>All rule sets</source>
        <translation>Alle Regelwerke</translation>
    </message>
    <message>
        <source>%1 of %2 games (%3 of them can be read)</source>
        <translation>%1 von %2 Partien (%3 davon lassen sich lesen)</translation>
    </message>
    <message>
        <source>%1 of %2 games</source>
        <translation>%1 von %2 Partien</translation>
    </message>
    <message>
        <source>Indexing the games…</source>
        <translation>Partien werden indiziert…</translation>
    </message>
</context>
<context>
    <name>GameListModel</name>
    <message>
        <source>Event</source>
        <translation>Turnier</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>This game cannot be read: see Problems in this file</source>
        <translation>Diese Partie lässt sich nicht lesen: siehe „Probleme in dieser Datei“</translation>
    </message>
</context>
<context>
    <name>GameSounds</name>
    <message>
        <source>Sounds are on, but no program to play them was found (looked for: %1), so nothing can be heard.</source>
        <translation>Die Töne sind eingeschaltet, aber es wurde kein Programm gefunden, das sie abspielt (gesucht: %1). Deshalb ist nichts zu hören.</translation>
    </message>
    <message>
        <source>Sounds are on, but the program that plays them failed, so nothing can be heard.</source>
        <translation>Die Töne sind eingeschaltet, aber das Programm, das sie abspielt, ist gescheitert. Deshalb ist nichts zu hören.</translation>
    </message>
</context>
<context>
    <name>HeaderDialog</name>
    <message>
        <source>Game details</source>
        <translation>Partiedaten</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Turnier</translation>
    </message>
    <message>
        <source>Site</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Runde</translation>
    </message>
    <message>
        <source>White (light)</source>
        <translation>Weiß (hell)</translation>
    </message>
    <message>
        <source>Black (dark)</source>
        <translation>Schwarz (dunkel)</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>YYYY.MM.DD</source>
        <translation>JJJJ.MM.TT</translation>
    </message>
    <message>
        <source>Other tags:</source>
        <translation>Weitere Angaben:</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Add tag</source>
        <translation>Angabe hinzufügen</translation>
    </message>
    <message>
        <source>Remove tag</source>
        <translation>Angabe entfernen</translation>
    </message>
    <message>
        <source>The tag %1 cannot be set here.</source>
        <translation>Die Angabe %1 lässt sich hier nicht setzen.</translation>
    </message>
    <message>
        <source>%1 is not a valid tag name: use letters, digits and _, starting with a letter.</source>
        <translation>%1 ist kein gültiger Name für eine Angabe: Nimm Buchstaben, Ziffern und _ und beginne mit einem Buchstaben.</translation>
    </message>
</context>
<context>
    <name>HelpDialog</name>
    <message>
        <source>The board has %1×%1 squares, and all %2 are played on.</source>
        <translation>Das Brett hat %1×%1 Felder, und auf allen %2 wird gespielt.</translation>
    </message>
    <message>
        <source>Each side starts with %1 men filling %2 rows; the row behind them, its first, stays empty.</source>
        <translation>Jede Seite beginnt mit %1 Steinen, die %2 Reihen füllen; die Reihe dahinter, ihre erste, bleibt leer.</translation>
    </message>
    <message>
        <source>The board has %1×%1 squares; only the %2 dark squares are played on.</source>
        <translation>Das Brett hat %1×%1 Felder; gespielt wird nur auf den %2 dunklen Feldern.</translation>
    </message>
    <message>
        <source>Each side starts with %1 men on the dark squares of its first %2 rows.</source>
        <translation>Jede Seite beginnt mit %1 Steinen auf den dunklen Feldern ihrer ersten %2 Reihen.</translation>
    </message>
    <message>
        <source>%1 moves first, then the sides take turns.</source>
        <translation>%1 beginnt, danach wird abwechselnd gezogen.</translation>
    </message>
    <message>
        <source>The squares are named by a letter and a number, a1 at %1&apos;s lower left.</source>
        <translation>Die Felder heißen nach Buchstabe und Zahl, a1 links unten bei %1.</translation>
    </message>
    <message>
        <source>The dark squares are numbered 1 to %1 from the top left as %2 sees the board; the corner square a1 at %2&apos;s lower left is dark.</source>
        <translation>Die dunklen Felder sind von 1 bis %1 nummeriert, oben links beginnend aus der Sicht von %2; das Eckfeld a1 links unten bei %2 ist dunkel.</translation>
    </message>
    <message>
        <source>The board is turned the Italian way: each player has a dark square at the lower right.</source>
        <translation>Das Brett liegt wie in Italien: Jeder hat rechts unten ein dunkles Feld.</translation>
    </message>
    <message>
        <source>A man moves one square straight forward or sideways onto a free square, never backward.</source>
        <translation>Ein Stein zieht ein Feld gerade nach vorn oder zur Seite auf ein freies Feld, nie zurück.</translation>
    </message>
    <message>
        <source>A king moves straight forward, backward or sideways over any number of free squares.</source>
        <translation>Eine Dame zieht gerade nach vorn, zurück oder zur Seite über beliebig viele freie Felder.</translation>
    </message>
    <message>
        <source>A king moves one square straight in any of the four directions.</source>
        <translation>Eine Dame zieht ein Feld gerade in eine der vier Richtungen.</translation>
    </message>
    <message>
        <source>A man moves one square diagonally forward onto a free dark square.</source>
        <translation>Ein Stein zieht ein Feld schräg nach vorn auf ein freies dunkles Feld.</translation>
    </message>
    <message>
        <source>A king moves diagonally forward or backward over any number of free squares (a flying king).</source>
        <translation>Eine Dame zieht schräg vorwärts oder rückwärts beliebig weit über freie Felder (fliegende Dame).</translation>
    </message>
    <message>
        <source>A king moves one square diagonally, forward or backward.</source>
        <translation>Eine Dame zieht ein Feld schräg, vorwärts oder rückwärts.</translation>
    </message>
    <message>
        <source>Capturing is compulsory: if you can capture, you must.</source>
        <translation>Es herrscht Schlagzwang: Wenn du schlagen kannst, musst du schlagen.</translation>
    </message>
    <message>
        <source>A man captures by jumping over an opposing piece straight next to it onto the free square directly behind.</source>
        <translation>Ein Stein schlägt, indem er über einen gerade benachbarten gegnerischen Stein auf das freie Feld direkt dahinter springt.</translation>
    </message>
    <message>
        <source>A man captures by jumping over an opposing piece diagonally next to it onto the free square directly behind.</source>
        <translation>Ein Stein schlägt, indem er über einen schräg benachbarten gegnerischen Stein auf das freie Feld direkt dahinter springt.</translation>
    </message>
    <message>
        <source>A man captures by jumping over an opposing piece diagonally next to it onto the free square directly behind; the jumped piece is removed.</source>
        <translation>Ein Stein schlägt, indem er über einen schräg benachbarten gegnerischen Stein auf das freie Feld direkt dahinter springt; der übersprungene Stein kommt vom Brett.</translation>
    </message>
    <message>
        <source>Men capture forward, sideways and backward.</source>
        <translation>Steine schlagen nach vorn, zur Seite und zurück.</translation>
    </message>
    <message>
        <source>Men capture forward and sideways, never backward.</source>
        <translation>Steine schlagen nach vorn und zur Seite, nie zurück.</translation>
    </message>
    <message>
        <source>Men capture forward and backward.</source>
        <translation>Steine schlagen vorwärts und rückwärts.</translation>
    </message>
    <message>
        <source>Men capture only forward.</source>
        <translation>Steine schlagen nur vorwärts.</translation>
    </message>
    <message>
        <source>A man may not capture a king.</source>
        <translation>Ein Stein darf keine Dame schlagen.</translation>
    </message>
    <message>
        <source>If the capturing piece can capture again after a jump, it must go on in the same move, changing direction if needed.</source>
        <translation>Kann der schlagende Stein nach einem Sprung weiterschlagen, muss er im selben Zug weitermachen, wenn nötig mit Richtungswechsel.</translation>
    </message>
    <message>
        <source>Towers: a jumped piece is not taken off the board. The capturing piece takes it along underneath itself, so captures build towers.</source>
        <translation>Türme: Ein übersprungener Stein kommt nicht vom Brett. Der schlagende Stein nimmt ihn unter sich mit, so entstehen beim Schlagen Türme.</translation>
    </message>
    <message>
        <source>A tower belongs to the player whose piece is on top, and it moves and captures as its top piece, a man or a king.</source>
        <translation>Ein Turm gehört dem Spieler, dessen Stein oben liegt, und er zieht und schlägt wie sein oberster Stein, als Stein oder als Dame.</translation>
    </message>
    <message>
        <source>Jumping a tower takes only its top piece; the rest stays on its square, and the new top decides whose tower it is. A tower may be jumped again in the same capture while an opposing piece is on top of it.</source>
        <translation>Wer einen Turm überspringt, nimmt nur seinen obersten Stein; der Rest bleibt auf dem Feld, und der neue oberste Stein entscheidet, wem der Turm gehört. Ein Turm darf im selben Schlag noch einmal übersprungen werden, solange ein gegnerischer Stein oben liegt.</translation>
    </message>
    <message>
        <source>Each jumped piece is removed at once, so a square may be crossed again in the same capture.</source>
        <translation>Jeder übersprungene Stein kommt sofort vom Brett, so kann ein Feld im selben Schlag noch einmal überquert werden.</translation>
    </message>
    <message>
        <source>A piece can be jumped only once; captured pieces are removed when the move is complete.</source>
        <translation>Jeder Stein kann nur einmal übersprungen werden; die geschlagenen Steine kommen erst nach dem ganzen Zug vom Brett.</translation>
    </message>
    <message>
        <source>Between two jumps a capture may not turn straight back the way it came.</source>
        <translation>Zwischen zwei Sprüngen darf ein Schlag nicht geradewegs umkehren.</translation>
    </message>
    <message>
        <source>A king captures from a distance: it jumps a piece on its row or column when the squares in between are free and the square beyond is free.</source>
        <translation>Eine Dame schlägt auch aus der Ferne: Sie überspringt einen Stein in ihrer Reihe oder Spalte, wenn die Felder davor und das Feld dahinter frei sind.</translation>
    </message>
    <message>
        <source>A flying king captures from a distance: it jumps a piece on its diagonal when the squares in between are free and the square beyond is free.</source>
        <translation>Eine fliegende Dame schlägt auch aus der Ferne: Sie überspringt einen Stein auf ihrer Diagonale, wenn die Felder davor und das Feld dahinter frei sind.</translation>
    </message>
    <message>
        <source>After the jump the king may land on any free square beyond the captured piece.</source>
        <translation>Nach dem Sprung darf die Dame auf jedem freien Feld hinter dem geschlagenen Stein landen.</translation>
    </message>
    <message>
        <source>After each jump the king must land directly behind the captured piece.</source>
        <translation>Nach jedem Sprung muss die Dame direkt hinter dem geschlagenen Stein landen.</translation>
    </message>
    <message>
        <source>While capturing the king may land on any free square beyond; at the end of the move it stops directly behind the last piece it took.</source>
        <translation>Während des Schlagens darf die Dame auf jedem freien Feld dahinter landen; am Ende des Zuges bleibt sie direkt hinter dem zuletzt geschlagenen Stein stehen.</translation>
    </message>
    <message>
        <source>If the king can capture again from one of the landing squares, it must land there and go on.</source>
        <translation>Kann die Dame von einem der Landefelder aus weiterschlagen, muss sie dort landen und weitermachen.</translation>
    </message>
    <message>
        <source>A king captures like a man, but also backward: over a piece next to it onto the square directly behind.</source>
        <translation>Eine Dame schlägt wie ein Stein, aber auch rückwärts: über einen benachbarten Stein auf das Feld direkt dahinter.</translation>
    </message>
    <message>
        <source>If there are several captures, you may choose any of them, even one that takes fewer pieces.</source>
        <translation>Gibt es mehrere Schlagmöglichkeiten, darfst du frei wählen – auch eine, die weniger Steine schlägt.</translation>
    </message>
    <message>
        <source>If there are several captures, you must take the one that captures the most pieces.</source>
        <translation>Gibt es mehrere Schlagmöglichkeiten, musst du die wählen, die die meisten Steine schlägt.</translation>
    </message>
    <message>
        <source>If there are several captures, you must take the most pieces; if equal, capture with a king; then take the most kings; then the one that meets a king first.</source>
        <translation>Gibt es mehrere Schlagmöglichkeiten, musst du die meisten Steine schlagen; bei Gleichstand mit der Dame schlagen, dann die meisten Damen nehmen, dann zuerst auf eine Dame treffen.</translation>
    </message>
    <message>
        <source>If there are several captures, you must take the most pieces; if equal, the most kings.</source>
        <translation>Gibt es mehrere Schlagmöglichkeiten, musst du die meisten Steine schlagen, bei Gleichstand die meisten Damen.</translation>
    </message>
    <message>
        <source>If a king can capture, a king must capture; otherwise you may choose any capture.</source>
        <translation>Kann eine Dame schlagen, muss eine Dame schlagen; sonst darfst du frei wählen.</translation>
    </message>
    <message>
        <source>Huffing (Blasen): if a player misses a compulsory capture, the opponent may let it stand, blow away the piece that should have captured, or demand that the move is taken back and the capture made. Blowing a piece away does not count as a move.</source>
        <translation>Blasen: Übersieht jemand einen Pflichtschlag, darf der Gegner es dabei belassen, den Stein wegblasen, der hätte schlagen müssen, oder verlangen, dass der Zug zurückgenommen und der Schlag gemacht wird. Das Blasen zählt nicht als Zug.</translation>
    </message>
    <message>
        <source>A man that reaches the far row becomes a king.</source>
        <translation>Ein Stein, der die gegnerische Grundreihe erreicht, wird zur Dame.</translation>
    </message>
    <message>
        <source>If it reaches the far row during a capture, it is crowned and the move ends there.</source>
        <translation>Erreicht er sie während eines Schlags, wird er zur Dame und der Zug endet dort.</translation>
    </message>
    <message>
        <source>If it reaches the far row during a capture and can capture on, it goes on at once as a king.</source>
        <translation>Erreicht er sie während eines Schlags und kann weiterschlagen, macht er sofort als Dame weiter.</translation>
    </message>
    <message>
        <source>If it only passes the far row during a capture, it goes on as a man and is crowned only if the move ends there.</source>
        <translation>Berührt er sie während eines Schlags nur, schlägt er als Stein weiter und wird nur zur Dame, wenn der Zug dort endet.</translation>
    </message>
    <message>
        <source>Giveaway: the goal is reversed. You win when you have no pieces left or cannot move.</source>
        <translation>Schlagdame: Das Ziel ist umgekehrt. Du gewinnst, wenn du keine Steine mehr hast oder nicht mehr ziehen kannst.</translation>
    </message>
    <message>
        <source>You win when your opponent has no pieces left or cannot move.</source>
        <translation>Du gewinnst, wenn dein Gegner keine Steine mehr hat oder nicht mehr ziehen kann.</translation>
    </message>
    <message>
        <source>A player may resign, and the players may agree on a draw.</source>
        <translation>Man kann aufgeben, und beide können sich auf Remis einigen.</translation>
    </message>
    <message>
        <source>Draw when the same position comes up %1 times with the same side to move.</source>
        <translation>Remis, wenn dieselbe Stellung mit derselben Seite am Zug %1-mal vorkommt.</translation>
    </message>
    <message>
        <source>Draw after %1 half-moves in a row without a capture (%2 moves by each player)</source>
        <translation>Remis nach %1 Halbzügen hintereinander ohne Schlag (%2 Züge jedes Spielers)</translation>
    </message>
    <message>
        <source>Draw after %1 half-moves in a row without a capture</source>
        <translation>Remis nach %1 Halbzügen hintereinander ohne Schlag</translation>
    </message>
    <message>
        <source>a move with a plain piece starts the count again</source>
        <translation>ein Zug mit einem einfachen Stein beginnt die Zählung neu</translation>
    </message>
    <message>
        <source>a new king starts the count again</source>
        <translation>eine neue Dame beginnt die Zählung neu</translation>
    </message>
    <message>
        <source>Short endgames: three pieces including a king against a lone king are a draw unless won within 16 moves each; two pieces, within 5 moves each.</source>
        <translation>Kurze Endspiele: Drei Steine mit einer Dame gegen eine einzelne Dame sind remis, wenn nicht innerhalb von 16 Zügen je Spieler gewonnen; zwei Steine: innerhalb von 5 Zügen je Spieler.</translation>
    </message>
    <message>
        <source>Russian endgame rules: king endings that are not won in the set number of moves are drawn.</source>
        <translation>Russische Endspielregeln: Damenendspiele, die nicht in der festgelegten Zahl von Zügen gewonnen werden, sind remis.</translation>
    </message>
    <message>
        <source>Three or more kings against a lone king: draw unless won within %1 moves.</source>
        <translation>Drei oder mehr Damen gegen eine einzelne Dame: remis, wenn nicht innerhalb von %1 Zügen gewonnen.</translation>
    </message>
    <message>
        <source>Three kings against one king that holds the long diagonal is a draw, unless that king can be taken at once.</source>
        <translation>Drei Damen gegen eine Dame auf der langen Diagonale sind remis, außer diese Dame lässt sich sofort schlagen.</translation>
    </message>
    <message>
        <source>When each side has only one piece left, a man or a king, the game is a draw.</source>
        <translation>Hat jede Seite nur noch einen Stein, ob Stein oder Dame, ist die Partie remis.</translation>
    </message>
    <message>
        <source>There is no automatic draw rule.</source>
        <translation>Es gibt keine automatische Remisregel.</translation>
    </message>
    <message>
        <source>Board and set-up</source>
        <translation>Brett und Aufstellung</translation>
    </message>
    <message>
        <source>Moving</source>
        <translation>Ziehen</translation>
    </message>
    <message>
        <source>Capturing</source>
        <translation>Schlagen</translation>
    </message>
    <message>
        <source>Kings</source>
        <translation>Damen</translation>
    </message>
    <message>
        <source>Winning</source>
        <translation>Gewinnen</translation>
    </message>
    <message>
        <source>Draws</source>
        <translation>Remis</translation>
    </message>
    <message>
        <source>These are the rules the program enforces in this game; change them in Game › Rules.</source>
        <translation>Auf diese Regeln achtet das Programm in dieser Partie; ändern kannst du sie unter Partie › Regeln.</translation>
    </message>
    <message>
        <source>Hold the centre</source>
        <translation>Besetze die Mitte</translation>
    </message>
    <message>
        <source>Pieces in the middle can go both ways and support each other; a piece on the edge has only one way forward.</source>
        <translation>Steine in der Mitte können in beide Richtungen ziehen und sich gegenseitig decken; ein Stein am Rand hat nur einen Weg nach vorn.</translation>
    </message>
    <message>
        <source>Keep your back row</source>
        <translation>Halte deine Grundreihe</translation>
    </message>
    <message>
        <source>Leave a few men on your first row as long as you can: while they stand there, the opponent hardly gets a king.</source>
        <translation>Lass so lange wie möglich ein paar Steine auf deiner ersten Reihe stehen: Solange sie dort sind, bekommt dein Gegner kaum eine Dame.</translation>
    </message>
    <message>
        <source>Move in pairs</source>
        <translation>Zieh in Paaren</translation>
    </message>
    <message>
        <source>A man with a friend right behind it cannot be jumped from the front. A lonely man far ahead is an easy target.</source>
        <translation>Ein Stein mit einem Partner direkt dahinter kann von vorn nicht übersprungen werden. Ein einzelner Stein weit vorn ist ein leichtes Ziel.</translation>
    </message>
    <message>
        <source>Use the compulsory capture</source>
        <translation>Nutze den Schlagzwang</translation>
    </message>
    <message>
        <source>Because capturing is compulsory you can offer a piece on purpose and make the opponent jump to where you take two back.</source>
        <translation>Weil Schlagen Pflicht ist, kannst du absichtlich einen Stein anbieten und den Gegner dorthin locken, wo du zwei zurückschlägst.</translation>
    </message>
    <message>
        <source>Trade when you are ahead</source>
        <translation>Tausche, wenn du vorn liegst</translation>
    </message>
    <message>
        <source>With more pieces, every one-for-one exchange makes your lead bigger. When you are behind, avoid exchanges.</source>
        <translation>Mit mehr Steinen macht jeder Tausch eins gegen eins deinen Vorsprung größer. Liegst du hinten, vermeide Tausch.</translation>
    </message>
    <message>
        <source>Get a king early</source>
        <translation>Hol dir früh eine Dame</translation>
    </message>
    <message>
        <source>A king moves backward too and, where kings fly, rules whole diagonals. Kings decide most endgames.</source>
        <translation>Eine Dame zieht auch rückwärts und beherrscht, wo Damen fliegen, ganze Diagonalen. Im Endspiel entscheiden meist die Damen.</translation>
    </message>
    <message>
        <source>Look at the whole capture</source>
        <translation>Schau dir den ganzen Schlag an</translation>
    </message>
    <message>
        <source>Before you move, check what your opponent must capture next: a forced capture can lead into a trap.</source>
        <translation>Prüf vor deinem Zug, was dein Gegner danach schlagen muss: Ein erzwungener Schlag kann in eine Falle führen.</translation>
    </message>
    <message>
        <source>Strategy tips</source>
        <translation>Strategie-Tipps</translation>
    </message>
    <message>
        <source>Arrow keys</source>
        <translation>Pfeiltasten</translation>
    </message>
    <message>
        <source>Move the cursor on the board (when the board has the focus)</source>
        <translation>Bewegen die Markierung auf dem Brett (wenn das Brett den Fokus hat)</translation>
    </message>
    <message>
        <source>Enter or Space</source>
        <translation>Eingabe oder Leertaste</translation>
    </message>
    <message>
        <source>Pick up the piece under the cursor; again on a marked square to move it there</source>
        <translation>Nimmt den Stein unter der Markierung auf; noch einmal auf einem markierten Feld zieht ihn dorthin</translation>
    </message>
    <message>
        <source>Escape</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Put the held piece back</source>
        <translation>Stellt den aufgenommenen Stein zurück</translation>
    </message>
    <message>
        <source>Tab</source>
        <translation>Tab</translation>
    </message>
    <message>
        <source>Go to the board, the move list and the buttons in turn</source>
        <translation>Wechselt reihum zwischen Brett, Zugliste und Schaltflächen</translation>
    </message>
    <message>
        <source>Keyboard</source>
        <translation>Tastatur</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>Hilfe</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <source>Dame %1</source>
        <translation>Dame %1</translation>
    </message>
    <message>
        <source>German draughts and its relatives: against the computer or with two people at one computer.</source>
        <translation>Deutsche Dame und ihre Verwandten: gegen den Computer oder zu zweit an einem Computer.</translation>
    </message>
    <message>
        <source>Compiled (native) modules in use: %1.</source>
        <translation>Kompilierte (native) Module in Gebrauch: %1.</translation>
    </message>
    <message>
        <source>No compiled modules in use: the program runs as pure Python.</source>
        <translation>Keine kompilierten Module in Gebrauch: Das Programm läuft als reines Python.</translation>
    </message>
    <message>
        <source>Python %1, Qt %2</source>
        <translation>Python %1, Qt %2</translation>
    </message>
    <message>
        <source>About Dame</source>
        <translation>Über Dame</translation>
    </message>
</context>
<context>
    <name>HintAdvisor</name>
    <message>
        <source>Hint from %1: %2</source>
        <translation>Tipp von %1: %2</translation>
    </message>
</context>
<context>
    <name>HuffBar</name>
    <message>
        <source>Let it stand</source>
        <translation>Gelten lassen</translation>
    </message>
    <message>
        <source>Blow the piece away</source>
        <translation>Stein wegblasen</translation>
    </message>
    <message>
        <source>Demand the capture</source>
        <translation>Schlag verlangen</translation>
    </message>
    <message>
        <source>Missed capture</source>
        <translation>Schlag ausgelassen</translation>
    </message>
</context>
<context>
    <name>Keyboard</name>
    <message>
        <source>Keys on the board: Up/Down and Shift+Left/Right move the cursor over the dark squares, Enter or Space picks up and puts down, Escape puts back, Left/Right/Home/End step through the moves.  Or type a move (11-15, c3-d4, 15x24) and press Enter.  Shift+Enter draws circles and arrows.</source>
        <translation>Tasten auf dem Brett: Hoch/Runter und Umschalt+Links/Rechts bewegen den Cursor über die dunklen Felder, Eingabe oder Leertaste nimmt auf und setzt ab, Esc stellt zurück, Links/Rechts/Pos1/Ende blättern durch die Züge.  Oder einen Zug tippen (11-15, c3-d4, 15x24) und Eingabe drücken.  Umschalt+Eingabe zeichnet Kreise und Pfeile.</translation>
    </message>
    <message>
        <source>%1: light square, not played on</source>
        <translation>%1: helles Feld, wird nicht bespielt</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>leer</translation>
    </message>
    <message>
        <source>%1 king</source>
        <translation>Dame (%1)</translation>
    </message>
    <message>
        <source>%1 man</source>
        <translation>Stein (%1)</translation>
    </message>
    <message>
        <source>%1 (square %2): %3</source>
        <translation>%1 (Feld %2): %3</translation>
    </message>
    <message>
        <source>Arrow from %1: move the cursor and press Shift+Enter again (on the same square: a circle)</source>
        <translation>Pfeil ab %1: den Cursor bewegen und wieder Umschalt+Eingabe drücken (auf demselben Feld: ein Kreis)</translation>
    </message>
    <message>
        <source>Move: %1</source>
        <translation>Zug: %1</translation>
    </message>
    <message>
        <source>%1 fits several captures: type every landing square</source>
        <translation>%1 passt zu mehreren Schlägen: bitte jedes Landefeld tippen</translation>
    </message>
    <message>
        <source>%1 cannot be played now</source>
        <translation>%1 kann jetzt nicht gezogen werden</translation>
    </message>
    <message>
        <source>%1 is not a move: type it like 11-15, 15x24 or c3-d4</source>
        <translation>%1 ist kein Zug: bitte wie 11-15, 15x24 oder c3-d4 tippen</translation>
    </message>
    <message>
        <source>holding the piece from %1</source>
        <translation>Stein von %1 aufgenommen</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Brett</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Dame</source>
        <translation>Dame</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>B&amp;eenden</translation>
    </message>
    <message>
        <source>Show square &amp;numbers</source>
        <translation>Feld&amp;nummern anzeigen</translation>
    </message>
    <message>
        <source>&amp;Animate moves</source>
        <translation>Züge &amp;animieren</translation>
    </message>
    <message>
        <source>First position</source>
        <translation>Anfangsstellung</translation>
    </message>
    <message>
        <source>Previous move</source>
        <translation>Vorheriger Zug</translation>
    </message>
    <message>
        <source>Next move</source>
        <translation>Nächster Zug</translation>
    </message>
    <message>
        <source>Last move</source>
        <translation>Letzter Zug</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Partie</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Partie</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Brett</translation>
    </message>
    <message>
        <source>Moves</source>
        <translation>Züge</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>Move &amp;mark</source>
        <translation>Zugbe&amp;wertung</translation>
    </message>
    <message>
        <source>Pu&amp;zzles</source>
        <translation>Aufga&amp;ben</translation>
    </message>
    <message>
        <source>Back to the &amp;game</source>
        <translation>Z&amp;urück zur Partie</translation>
    </message>
    <message>
        <source>It is not your turn.</source>
        <translation>Du bist nicht am Zug.</translation>
    </message>
    <message>
        <source>Rules: %1</source>
        <translation>Regeln: %1</translation>
    </message>
</context>
<context>
    <name>MoveListModel</name>
    <message>
        <source>%1 (blew %2)</source>
        <translation>%1 (%2 geblasen)</translation>
    </message>
    <message>
        <source>No.</source>
        <translation>Nr.</translation>
    </message>
    <message>
        <source>Click to see the position after this move</source>
        <translation>Klick, um die Stellung nach diesem Zug zu sehen</translation>
    </message>
</context>
<context>
    <name>MoveTreeView</name>
    <message>
        <source>%1: inaccuracies %2, mistakes %3, blunders %4, mean loss %5</source>
        <translation>%1: Ungenauigkeiten %2, Fehler %3, grobe Fehler %4, mittlerer Verlust %5</translation>
    </message>
    <message>
        <source>Analysis by %1:</source>
        <translation>Analyse von %1:</translation>
    </message>
    <message>
        <source>Analysis:</source>
        <translation>Analyse:</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Anfang</translation>
    </message>
</context>
<context>
    <name>Names</name>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>White</source>
        <translation>Weiß</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>Schwarz</translation>
    </message>
    <message>
        <source>Dame (%1)</source>
        <translation>Dame (%1)</translation>
    </message>
    <message>
        <source>%1 wins with %2</source>
        <translation>%1 gewinnt mit %2</translation>
    </message>
    <message>
        <source>%1 wins</source>
        <translation>%1 gewinnt</translation>
    </message>
    <message>
        <source>Draw: %1 ran out of time, but %2 can no longer win.</source>
        <translation>Remis: %1 hat die Zeit überschritten, aber %2 kann nicht mehr gewinnen.</translation>
    </message>
    <message>
        <source>Draw: %1.</source>
        <translation>Remis: %1.</translation>
    </message>
    <message>
        <source>%1 resigned.</source>
        <translation>%1 hat aufgegeben.</translation>
    </message>
    <message>
        <source>%1 ran out of time.</source>
        <translation>%1 hat die Zeit überschritten.</translation>
    </message>
    <message>
        <source>%1 cannot move.</source>
        <translation>%1 kann nicht mehr ziehen.</translation>
    </message>
    <message>
        <source>no pieces left.</source>
        <translation>keine Steine mehr.</translation>
    </message>
    <message>
        <source>%1 has no pieces left.</source>
        <translation>%1 hat keine Steine mehr.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Not finished.</source>
        <translation>Nicht beendet.</translation>
    </message>
    <message>
        <source>Draw.</source>
        <translation>Remis.</translation>
    </message>
    <message>
        <source>No winner.</source>
        <translation>Kein Sieger.</translation>
    </message>
</context>
<context>
    <name>NewGameDialog</name>
    <message>
        <source>New game</source>
        <translation>Neue Partie</translation>
    </message>
    <message>
        <source>Opponent</source>
        <translation>Gegner</translation>
    </message>
    <message>
        <source>The computer</source>
        <translation>Der Computer</translation>
    </message>
    <message>
        <source>Two people at this computer</source>
        <translation>Zwei Personen an diesem Computer</translation>
    </message>
    <message>
        <source>You play</source>
        <translation>Du spielst</translation>
    </message>
    <message>
        <source>Draw lots</source>
        <translation>Auslosen</translation>
    </message>
    <message>
        <source>Change rules…</source>
        <translation>Regeln ändern…</translation>
    </message>
    <message>
        <source>Clocks:</source>
        <translation>Uhren:</translation>
    </message>
    <message>
        <source>%1 player:</source>
        <translation>Spieler %1:</translation>
    </message>
    <message>
        <source>House rules: %1</source>
        <translation>Hausregeln: %1</translation>
    </message>
    <message>
        <source>Rules:</source>
        <translation>Regeln:</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Spielstärke</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
</context>
<context>
    <name>Notation</name>
    <message>
        <source>Square numbers (11-15)</source>
        <translation>Feldnummern (11-15)</translation>
    </message>
    <message>
        <source>Coordinates (c3-d4)</source>
        <translation>Koordinaten (c3-d4)</translation>
    </message>
    <message>
        <source>As the rules write it</source>
        <translation>Wie die Regeln es schreiben</translation>
    </message>
    <message>
        <source>man %1</source>
        <translation>Stein %1</translation>
    </message>
    <message>
        <source>men %1</source>
        <translation>Steine %1</translation>
    </message>
    <message>
        <source>king %1</source>
        <translation>Dame %1</translation>
    </message>
    <message>
        <source>kings %1</source>
        <translation>Damen %1</translation>
    </message>
    <message>
        <source>no pieces</source>
        <translation>keine Steine</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 to move.</source>
        <translation>%1 ist am Zug.</translation>
    </message>
</context>
<context>
    <name>OpponentEngine</name>
    <message>
        <source>The engine you chose plays from the next game on; this game keeps its opponent.</source>
        <translation>Die gewählte Engine spielt ab der nächsten Partie; diese Partie behält ihren Gegner.</translation>
    </message>
    <message>
        <source>The engine %1 failed and was stopped: %2. Dame&apos;s own engine plays on and gives the hints until you choose an engine in the preferences.</source>
        <translation>Die Engine %1 hat versagt und wurde beendet: %2. Dames eigene Engine spielt weiter und gibt die Tipps, bis Sie in den Einstellungen eine Engine wählen.</translation>
    </message>
</context>
<context>
    <name>PlayController</name>
    <message>
        <source>&amp;New game…</source>
        <translation>&amp;Neue Partie…</translation>
    </message>
    <message>
        <source>&amp;Rules…</source>
        <translation>Re&amp;geln…</translation>
    </message>
    <message>
        <source>&amp;Undo move</source>
        <translation>Zug &amp;zurücknehmen</translation>
    </message>
    <message>
        <source>&amp;Redo move</source>
        <translation>Zug &amp;wiederholen</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation>&amp;Tipp</translation>
    </message>
    <message>
        <source>Offer a &amp;draw</source>
        <translation>&amp;Remis anbieten</translation>
    </message>
    <message>
        <source>Re&amp;sign</source>
        <translation>&amp;Aufgeben</translation>
    </message>
    <message>
        <source>&amp;Flip board</source>
        <translation>Brett &amp;drehen</translation>
    </message>
    <message>
        <source>&amp;Turn the board to the side to move</source>
        <translation>Brett zur Seite am &amp;Zug wenden</translation>
    </message>
    <message>
        <source>A hint is given when it is your turn.</source>
        <translation>Einen Tipp gibt es, wenn du am Zug bist.</translation>
    </message>
    <message>
        <source>Looking for a good move…</source>
        <translation>Suche einen guten Zug…</translation>
    </message>
    <message>
        <source>You offer a draw…</source>
        <translation>Du bietest Remis an…</translation>
    </message>
    <message>
        <source>Draw offer</source>
        <translation>Remisangebot</translation>
    </message>
    <message>
        <source>%1 offers a draw. %2, do you accept?</source>
        <translation>%1 bietet Remis an. %2, nimmst du an?</translation>
    </message>
    <message>
        <source>The draw offer was declined.</source>
        <translation>Das Remisangebot wurde abgelehnt.</translation>
    </message>
    <message>
        <source>Resign</source>
        <translation>Aufgeben</translation>
    </message>
    <message>
        <source>Do you really want to resign this game?</source>
        <translation>Willst du diese Partie wirklich aufgeben?</translation>
    </message>
    <message>
        <source>Click the piece to blow away.</source>
        <translation>Klick auf den Stein, der weggeblasen wird.</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Du</translation>
    </message>
    <message>
        <source>Game in progress</source>
        <translation>Laufende Partie</translation>
    </message>
    <message>
        <source>The game in progress will be given up. Continue?</source>
        <translation>Die laufende Partie wird abgebrochen. Trotzdem weiter?</translation>
    </message>
    <message>
        <source>The lot says: you play %1.</source>
        <translation>Das Los hat entschieden: Du spielst %1.</translation>
    </message>
    <message>
        <source>No move from here</source>
        <translation>Hier wird nicht gezogen</translation>
    </message>
    <message>
        <source>You are looking at an earlier position: press End to go back</source>
        <translation>Du siehst dir eine frühere Stellung an: Mit Ende geht es zurück</translation>
    </message>
    <message>
        <source>The game is over</source>
        <translation>Die Partie ist zu Ende</translation>
    </message>
    <message>
        <source>The computer is thinking</source>
        <translation>Der Computer denkt nach</translation>
    </message>
    <message>
        <source>It is not your turn</source>
        <translation>Du bist nicht am Zug</translation>
    </message>
    <message>
        <source>%1 to move</source>
        <translation>%1 ist am Zug</translation>
    </message>
    <message>
        <source>Viewing an earlier position</source>
        <translation>Frühere Stellung</translation>
    </message>
    <message>
        <source>%1 is thinking…</source>
        <translation>%1 denkt nach…</translation>
    </message>
    <message>
        <source>Your move</source>
        <translation>Du bist am Zug</translation>
    </message>
    <message>
        <source>You must capture</source>
        <translation>Du musst schlagen</translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>Partie zu Ende</translation>
    </message>
    <message>
        <source>%1 did not capture although it had to (piece on %2). What do you do?</source>
        <translation>%1 hat nicht geschlagen, obwohl Schlagzwang bestand (Stein auf %2). Was tust du?</translation>
    </message>
    <message>
        <source>The piece on %1 was blown away.</source>
        <translation>Der Stein auf %1 wurde weggeblasen.</translation>
    </message>
    <message>
        <source>The move was taken back: now the capture must be made.</source>
        <translation>Der Zug wurde zurückgenommen: Jetzt muss geschlagen werden.</translation>
    </message>
    <message>
        <source>The missed capture is let stand.</source>
        <translation>Der übersehene Schlag bleibt ohne Folgen.</translation>
    </message>
    <message>
        <source>No hint: there is no move.</source>
        <translation>Kein Tipp: Es gibt keinen Zug.</translation>
    </message>
    <message>
        <source>Hint: %1</source>
        <translation>Tipp: %1</translation>
    </message>
    <message>
        <source>The computer declines the draw.</source>
        <translation>Der Computer lehnt das Remis ab.</translation>
    </message>
</context>
<context>
    <name>PositionSearch</name>
    <message>
        <source>&amp;Find games with this position…</source>
        <translation>Partien mit dieser Stellung &amp;finden…</translation>
    </message>
    <message>
        <source>The games of the open file or your library that reach the shown position, or pieces of it</source>
        <translation>Die Partien der geöffneten Datei oder deiner Sammlung, die die gezeigte Stellung oder Steine daraus erreichen</translation>
    </message>
    <message>
        <source>%1 cannot be opened: %2</source>
        <translation>%1 lässt sich nicht öffnen: %2</translation>
    </message>
</context>
<context>
    <name>PositionSearchDialog</name>
    <message>
        <source>Find games with this position</source>
        <translation>Partien mit dieser Stellung finden</translation>
    </message>
    <message>
        <source>&amp;Exactly this position</source>
        <translation>&amp;Genau diese Stellung</translation>
    </message>
    <message>
        <source>&amp;Similar: the picked pieces stand together for at least 4 plies</source>
        <translation>Ä&amp;hnlich: die gewählten Steine stehen mindestens 4 Halbzüge lang zusammen</translation>
    </message>
    <message>
        <source>Also with the colours &amp;reversed</source>
        <translation>Auch mit &amp;vertauschten Farben</translation>
    </message>
    <message>
        <source>The board turned half round, the colours swapped and the other side to move</source>
        <translation>Das Brett halb gedreht, die Farben getauscht und die andere Seite am Zug</translation>
    </message>
    <message>
        <source>For a similar search, click the pieces on the board that must stay; the others are left out.</source>
        <translation>Für die ähnliche Suche klickst du auf dem Brett die Steine an, die stehen bleiben müssen; die übrigen zählen nicht.</translation>
    </message>
    <message>
        <source>Pick &amp;all</source>
        <translation>&amp;Alle wählen</translation>
    </message>
    <message>
        <source>Pick &amp;none</source>
        <translation>&amp;Keine wählen</translation>
    </message>
    <message>
        <source>Search &amp;in:</source>
        <translation>Suchen &amp;in:</translation>
    </message>
    <message>
        <source>The open file</source>
        <translation>Die geöffnete Datei</translation>
    </message>
    <message>
        <source>Searc&amp;h</source>
        <translation>&amp;Suchen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>&amp;Open game</source>
        <translation>Partie ö&amp;ffnen</translation>
    </message>
    <message>
        <source>Ply</source>
        <translation>Halbzug</translation>
    </message>
    <message>
        <source>White</source>
        <translation>Weiß</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>Schwarz</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Turnier</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Open a file of games or choose the files of your library (Opening explorer › Files…) to search.</source>
        <translation>Öffne eine Partiendatei oder wähle die Dateien deiner Sammlung (Eröffnungsbaum › Dateien…), um zu suchen.</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Suche läuft…</translation>
    </message>
    <message>
        <source>Indexing %1…</source>
        <translation>%1 wird indiziert…</translation>
    </message>
    <message>
        <source>Search cancelled.</source>
        <translation>Suche abgebrochen.</translation>
    </message>
    <message>
        <source>Game %1, ply %2</source>
        <translation>Partie %1, Halbzug %2</translation>
    </message>
    <message>
        <source>colours reversed</source>
        <translation>Farben vertauscht</translation>
    </message>
    <message>
        <source>No game found.</source>
        <translation>Keine Partie gefunden.</translation>
    </message>
    <message>
        <source>%1 games found; the first %2 are listed.</source>
        <translation>%1 Partien gefunden; die ersten %2 stehen in der Liste.</translation>
    </message>
    <message>
        <source>One game found.</source>
        <translation>Eine Partie gefunden.</translation>
    </message>
    <message>
        <source>%1 games found.</source>
        <translation>%1 Partien gefunden.</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Allgemein</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Brett</translation>
    </message>
    <message>
        <source>New games</source>
        <translation>Neue Partien</translation>
    </message>
    <message>
        <source>Engines</source>
        <translation>Engines</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>As the system</source>
        <translation>Wie das System</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Ask before &amp;resigning</source>
        <translation>Vor dem &amp;Aufgeben nachfragen</translation>
    </message>
    <message>
        <source>Ask before a game in progress is &amp;discarded</source>
        <translation>Nachfragen, bevor eine laufende Partie &amp;verworfen wird</translation>
    </message>
    <message>
        <source>&amp;Board colours:</source>
        <translation>&amp;Brettfarben:</translation>
    </message>
    <message>
        <source>Wood</source>
        <translation>Holz</translation>
    </message>
    <message>
        <source>Green</source>
        <translation>Grün</translation>
    </message>
    <message>
        <source>Blue</source>
        <translation>Blau</translation>
    </message>
    <message>
        <source>Grey</source>
        <translation>Grau</translation>
    </message>
    <message>
        <source>High contrast (for colour-blind players)</source>
        <translation>Hoher Kontrast (für Farbenblinde)</translation>
    </message>
    <message>
        <source>My own colours</source>
        <translation>Eigene Farben</translation>
    </message>
    <message>
        <source>Board colours</source>
        <translation>Brettfarben</translation>
    </message>
    <message>
        <source>Light squares:</source>
        <translation>Helle Felder:</translation>
    </message>
    <message>
        <source>Dark squares:</source>
        <translation>Dunkle Felder:</translation>
    </message>
    <message>
        <source>Light pieces:</source>
        <translation>Helle Steine:</translation>
    </message>
    <message>
        <source>Dark pieces:</source>
        <translation>Dunkle Steine:</translation>
    </message>
    <message>
        <source>Show square &amp;numbers</source>
        <translation>Feld&amp;nummern anzeigen</translation>
    </message>
    <message>
        <source>&amp;Animate moves</source>
        <translation>Züge &amp;animieren</translation>
    </message>
    <message>
        <source>Time per step:</source>
        <translation>Zeit pro Schritt:</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>Animation time per step in milliseconds</source>
        <translation>Animationszeit pro Schritt in Millisekunden</translation>
    </message>
    <message>
        <source>Two people: &amp;turn the board to the side to move</source>
        <translation>Zu zweit: Brett zur Seite am &amp;Zug wenden</translation>
    </message>
    <message>
        <source>Play so&amp;unds</source>
        <translation>Töne ab&amp;spielen</translation>
    </message>
    <message>
        <source>&amp;Volume:</source>
        <translation>&amp;Lautstärke:</translation>
    </message>
    <message>
        <source>S&amp;quares in texts:</source>
        <translation>Felder in &amp;Texten:</translation>
    </message>
    <message>
        <source>Dame starts a game like this when it opens, and the next New game dialog starts from what you choose here.</source>
        <translation>So beginnt Dame eine Partie beim Start, und der nächste Dialog „Neue Partie“ geht von dieser Wahl aus.</translation>
    </message>
    <message>
        <source>&amp;Rules:</source>
        <translation>&amp;Regeln:</translation>
    </message>
    <message>
        <source>Default rules</source>
        <translation>Standardregeln</translation>
    </message>
    <message>
        <source>C&amp;hange rules…</source>
        <translation>Regeln ä&amp;ndern…</translation>
    </message>
    <message>
        <source>The computer plays from its opening &amp;book (Hard and Master)</source>
        <translation>Der Computer spielt aus seinem Eröffnungs&amp;buch (Schwer und Meister)</translation>
    </message>
    <message>
        <source>Build the &amp;endgame tables when the computer first needs them</source>
        <translation>&amp;Endspieltabellen erstellen, sobald der Computer sie zum ersten Mal braucht</translation>
    </message>
    <message>
        <source>A few minutes in the background and about 12 MB a rule set: then the computer and the analysis know every ending of up to 5 pieces (4 on 10×10).</source>
        <translation>Einige Minuten im Hintergrund und etwa 12 MB je Regelwerk: Danach kennen der Computer und die Analyse jedes Endspiel mit bis zu 5 Steinen (4 auf 10×10).</translation>
    </message>
    <message>
        <source>House rules: %1</source>
        <translation>Hausregeln: %1</translation>
    </message>
    <message>
        <source>&amp;Opponent:</source>
        <translation>&amp;Gegner:</translation>
    </message>
    <message>
        <source>The computer</source>
        <translation>Der Computer</translation>
    </message>
    <message>
        <source>Two people at this computer</source>
        <translation>Zwei Personen an diesem Computer</translation>
    </message>
    <message>
        <source>&amp;Level:</source>
        <translation>Spielstär&amp;ke:</translation>
    </message>
    <message>
        <source>You &amp;play:</source>
        <translation>Du &amp;spielst:</translation>
    </message>
    <message>
        <source>Draw lots</source>
        <translation>Auslosen</translation>
    </message>
</context>
<context>
    <name>PrintDialog</name>
    <message>
        <source>Event</source>
        <translation>Turnier</translation>
    </message>
    <message>
        <source>Site</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Runde</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Export game as PDF</source>
        <translation>Partie als PDF exportieren</translation>
    </message>
    <message>
        <source>Print game</source>
        <translation>Partie drucken</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>&amp;Choose…</source>
        <translation>&amp;Wählen…</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>&amp;Datei:</translation>
    </message>
    <message>
        <source>After marked moves (!, ?, …)</source>
        <translation>Nach markierten Zügen (!, ?, …)</translation>
    </message>
    <message>
        <source>Every few moves</source>
        <translation>Alle paar Züge</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>&amp;Diagrams:</source>
        <translation>D&amp;iagramme:</translation>
    </message>
    <message>
        <source>moves</source>
        <translation>Züge</translation>
    </message>
    <message>
        <source>&amp;Every:</source>
        <translation>&amp;Alle:</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>The PDF could not be saved: %1</source>
        <translation>Das PDF konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Game saved as %1</source>
        <translation>Partie gespeichert als %1</translation>
    </message>
    <message>
        <source>The game was sent to the printer</source>
        <translation>Die Partie wurde an den Drucker geschickt</translation>
    </message>
</context>
<context>
    <name>ProblemTexts</name>
    <message>
        <source>unexpected text &apos;%1&apos;</source>
        <translation>unerwarteter Text &apos;%1&apos;</translation>
    </message>
    <message>
        <source>comment &apos;{&apos; is never closed</source>
        <translation>Kommentar &apos;{&apos; wird nie geschlossen</translation>
    </message>
    <message>
        <source>the position &apos;%1&apos; cannot be read: %2</source>
        <translation>die Stellung &apos;%1&apos; ist nicht lesbar: %2</translation>
    </message>
    <message>
        <source>the move %1 is not possible in the position reached here (%2 to move)</source>
        <translation>der Zug %1 ist in der hier erreichten Stellung nicht möglich (%2 am Zug)</translation>
    </message>
    <message>
        <source>the capture %1 is ambiguous in the position reached here (%2 to move): it may be %3</source>
        <translation>der Schlag %1 ist in der hier erreichten Stellung mehrdeutig (%2 am Zug): möglich sind %3</translation>
    </message>
    <message>
        <source>the GameType tag &apos;%1&apos; cannot be read</source>
        <translation>der GameType-Tag &apos;%1&apos; ist nicht lesbar</translation>
    </message>
    <message>
        <source>game type %1 (%2) is not played by Dame</source>
        <translation>Spielart %1 (%2) wird von Dame nicht gespielt</translation>
    </message>
    <message>
        <source>Dame plays no game on a board of size %1</source>
        <translation>Dame spielt kein Spiel auf einem Brett der Größe %1</translation>
    </message>
    <message>
        <source>the rules &apos;%1&apos; cannot be read: %2</source>
        <translation>die Regeln &apos;%1&apos; sind nicht lesbar: %2</translation>
    </message>
    <message>
        <source>a %1 of %2 characters is too long (at most %3)</source>
        <translation>%1 mit %2 Zeichen ist zu lang (höchstens %3)</translation>
    </message>
    <message>
        <source>…and %1 more problems of the same kind</source>
        <translation>…und %1 weitere Probleme derselben Art</translation>
    </message>
    <message>
        <source>a variation &apos;(&apos; is never closed</source>
        <translation>eine Variante &apos;(&apos; wird nie geschlossen</translation>
    </message>
    <message>
        <source>&apos;)&apos; without a matching &apos;(&apos;</source>
        <translation>&apos;)&apos; ohne zugehöriges &apos;(&apos;</translation>
    </message>
    <message>
        <source>a variation &apos;(&apos; before any move</source>
        <translation>eine Variante &apos;(&apos; vor jedem Zug</translation>
    </message>
    <message>
        <source>a setup at the start of a variation</source>
        <translation>eine Aufstellung am Anfang einer Variante</translation>
    </message>
    <message>
        <source>setup /%1/ is not /FEN &quot;...&quot;/</source>
        <translation>Aufstellung /%1/ ist nicht /FEN &quot;...&quot;/</translation>
    </message>
    <message>
        <source>square %1 in move %2 is not on the board (1-%3)</source>
        <translation>Feld %1 im Zug %2 liegt nicht auf dem Brett (1-%3)</translation>
    </message>
    <message>
        <source>%1 in move %2 is not a playing square</source>
        <translation>%1 im Zug %2 ist kein Spielfeld</translation>
    </message>
    <message>
        <source>cannot read move %1</source>
        <translation>Zug %1 ist nicht lesbar</translation>
    </message>
    <message>
        <source>unknown move &apos;%1&apos;: the game cannot be replayed past it</source>
        <translation>unbekannter Zug &apos;%1&apos;: die Partie kann nicht darüber hinaus nachgespielt werden</translation>
    </message>
    <message>
        <source>internal error while reading this game (%1)</source>
        <translation>interner Fehler beim Lesen dieser Partie (%1)</translation>
    </message>
    <message>
        <source>this is not a PDN file: %1</source>
        <translation>das ist keine PDN-Datei: %1</translation>
    </message>
    <message>
        <source>no game can be read here</source>
        <translation>hier ist keine Partie lesbar</translation>
    </message>
    <message>
        <source>move</source>
        <translation>Zug</translation>
    </message>
    <message>
        <source>comment</source>
        <translation>Kommentar</translation>
    </message>
    <message>
        <source>tag</source>
        <translation>Tag</translation>
    </message>
    <message>
        <source>set-up</source>
        <translation>Aufstellung</translation>
    </message>
    <message>
        <source>text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>line</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>it is a PNG image</source>
        <translation>es ist ein PNG-Bild</translation>
    </message>
    <message>
        <source>it is a GIF image</source>
        <translation>es ist ein GIF-Bild</translation>
    </message>
    <message>
        <source>it is a JPEG image</source>
        <translation>es ist ein JPEG-Bild</translation>
    </message>
    <message>
        <source>it is a PDF document</source>
        <translation>es ist ein PDF-Dokument</translation>
    </message>
    <message>
        <source>it is a ZIP archive (or an office document)</source>
        <translation>es ist ein ZIP-Archiv (oder ein Office-Dokument)</translation>
    </message>
    <message>
        <source>it is a ZIP archive</source>
        <translation>es ist ein ZIP-Archiv</translation>
    </message>
    <message>
        <source>it is a gzip archive</source>
        <translation>es ist ein gzip-Archiv</translation>
    </message>
    <message>
        <source>it is a program (ELF)</source>
        <translation>es ist ein Programm (ELF)</translation>
    </message>
    <message>
        <source>control character %1 in this %2: saving the game does not keep it</source>
        <translation>Steuerzeichen %1 in diesem %2: beim Speichern der Partie geht es verloren</translation>
    </message>
    <message>
        <source>it holds NUL bytes (binary data)</source>
        <translation>es enthält NUL-Bytes (Binärdaten)</translation>
    </message>
    <message>
        <source>it holds too many control characters (binary data)</source>
        <translation>es enthält zu viele Steuerzeichen (Binärdaten)</translation>
    </message>
    <message>
        <source>some bytes are neither UTF-8 nor Windows-1252</source>
        <translation>einige Bytes sind weder UTF-8 noch Windows-1252</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>Schwarz</translation>
    </message>
    <message>
        <source>White</source>
        <translation>Weiß</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>game type %1 is not played by Dame</source>
        <translation>Spielart %1 wird von Dame nicht gespielt</translation>
    </message>
</context>
<context>
    <name>ProblemsDialog</name>
    <message>
        <source>Problems in %1</source>
        <translation>Fehler in %1</translation>
    </message>
    <message>
        <source>%1 problems were found. The file was opened anyway: everything before a problem is usable, and %2 games can be read. Double-click a row to open its game.</source>
        <translation>%1 Fehler gefunden. Die Datei wurde trotzdem geöffnet: Alles vor einem Fehler ist nutzbar, %2 Partien lassen sich lesen. Doppelklicke auf eine Zeile, um ihre Partie zu öffnen.</translation>
    </message>
    <message>
        <source>%1 problems were found. The file was opened anyway: everything before a problem is usable, and %2 of %3 games can be read. Double-click a row to open its game.</source>
        <translation>%1 Fehler gefunden. Die Datei wurde trotzdem geöffnet: Alles vor einem Fehler ist nutzbar, %2 von %3 Partien lassen sich lesen. Doppelklicke auf eine Zeile, um ihre Partie zu öffnen.</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Partie</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
</context>
<context>
    <name>PuzzleController</name>
    <message>
        <source>Guest</source>
        <translation>Gast</translation>
    </message>
    <message>
        <source>The puzzles for %1 cannot be read: %2</source>
        <translation>Die Aufgaben für %1 können nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>No puzzles of your own yet for these rules: choose a file of your analysed games (My mistakes).</source>
        <translation>Noch keine eigenen Aufgaben für diese Regeln: Wähle eine Datei mit deinen analysierten Partien (Meine Fehler).</translation>
    </message>
    <message>
        <source>No puzzle matches these filters.</source>
        <translation>Keine Aufgabe passt zu dieser Auswahl.</translation>
    </message>
    <message>
        <source>Puzzle rating %1</source>
        <translation>Wertung der Aufgabe %1</translation>
    </message>
    <message>
        <source>Stop the run</source>
        <translation>Lauf beenden</translation>
    </message>
    <message>
        <source>Best timed run: %1 puzzles</source>
        <translation>Bester Lauf auf Zeit: %1 Aufgaben</translation>
    </message>
    <message>
        <source>The solution: %1</source>
        <translation>Die Lösung: %1</translation>
    </message>
    <message>
        <source>The rating could not be saved: %1</source>
        <translation>Die Wertung konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>The puzzle ratings file was damaged (%1); it was set aside as %2 and the ratings start afresh.</source>
        <translation>Die Datei mit den Aufgaben-Wertungen war beschädigt (%1); sie wurde als %2 beiseitegelegt, die Wertungen beginnen neu.</translation>
    </message>
    <message>
        <source>Your analysed games</source>
        <translation>Deine analysierten Partien</translation>
    </message>
    <message>
        <source>PDN files (*.pdn *.PDN);;All files (*)</source>
        <translation>PDN-Dateien (*.pdn *.PDN);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>No move of %1 is marked ? or ?? in %2 games of this file. Analyse your games first (Game › Analyse game).</source>
        <translation>In den %2 Partien dieser Datei ist kein Zug von %1 mit ? oder ?? markiert. Analysiere deine Partien zuerst (Partie › Partie analysieren).</translation>
    </message>
    <message>
        <source>%1 positions from your games are your puzzles now (%2 new).</source>
        <translation>%1 Stellungen aus deinen Partien sind jetzt deine Aufgaben (%2 neu).</translation>
    </message>
</context>
<context>
    <name>PuzzlePanel</name>
    <message>
        <source>Puzzles</source>
        <translation>Aufgaben</translation>
    </message>
    <message>
        <source>&amp;Solver:</source>
        <translation>&amp;Wer löst:</translation>
    </message>
    <message>
        <source>&amp;Rules:</source>
        <translation>&amp;Regeln:</translation>
    </message>
    <message>
        <source>&amp;Puzzles:</source>
        <translation>&amp;Aufgaben:</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>&amp;Thema:</translation>
    </message>
    <message>
        <source>&amp;Difficulty:</source>
        <translation>&amp;Schwierigkeit:</translation>
    </message>
    <message>
        <source>Puzzle set</source>
        <translation>Aufgabensammlung</translation>
    </message>
    <message>
        <source>My mistakes</source>
        <translation>Meine Fehler</translation>
    </message>
    <message>
        <source>All themes</source>
        <translation>Alle Themen</translation>
    </message>
    <message>
        <source>Any difficulty</source>
        <translation>Jede Schwierigkeit</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation>&amp;Tipp</translation>
    </message>
    <message>
        <source>Show &amp;solution</source>
        <translation>&amp;Lösung zeigen</translation>
    </message>
    <message>
        <source>Try &amp;again</source>
        <translation>&amp;Noch einmal</translation>
    </message>
    <message>
        <source>&amp;Next puzzle</source>
        <translation>Nä&amp;chste Aufgabe</translation>
    </message>
    <message>
        <source>My mistakes from a game file…</source>
        <translation>Meine Fehler aus einer Partiedatei…</translation>
    </message>
    <message>
        <source>Positions where your analysed games have a ? or ?? become your own puzzles</source>
        <translation>Stellungen, in denen deine analysierten Partien ein ? oder ?? haben, werden deine eigenen Aufgaben</translation>
    </message>
    <message>
        <source>Back to the game</source>
        <translation>Zurück zur Partie</translation>
    </message>
    <message>
        <source>Each member of the family has a rating of their own</source>
        <translation>Jedes Familienmitglied hat eine eigene Wertung</translation>
    </message>
</context>
<context>
    <name>Puzzles</name>
    <message>
        <source>Shot (combination)</source>
        <translation>Schlag (Kombination)</translation>
    </message>
    <message>
        <source>Multiple capture</source>
        <translation>Mehrfachschlag</translation>
    </message>
    <message>
        <source>Breakthrough to a king</source>
        <translation>Durchbruch zur Dame</translation>
    </message>
    <message>
        <source>Ending</source>
        <translation>Endspiel</translation>
    </message>
    <message>
        <source>Forced win</source>
        <translation>Erzwungener Gewinn</translation>
    </message>
    <message>
        <source>Quiet first move</source>
        <translation>Stiller erster Zug</translation>
    </message>
    <message>
        <source>Turkish strike</source>
        <translation>Türkischer Schlag</translation>
    </message>
    <message>
        <source>Tower capture</source>
        <translation>Turmschlag</translation>
    </message>
    <message>
        <source>Liberation from a tower</source>
        <translation>Befreiung aus dem Turm</translation>
    </message>
    <message>
        <source>Easy</source>
        <translation>Leicht</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>Schwer</translation>
    </message>
    <message>
        <source>%1 to move: find the better move</source>
        <translation>%1 am Zug: Finde den besseren Zug</translation>
    </message>
    <message>
        <source>%1 to move and win</source>
        <translation>%1 zieht und gewinnt</translation>
    </message>
    <message>
        <source>Not quite, try again</source>
        <translation>Nicht ganz, versuch es noch einmal</translation>
    </message>
    <message>
        <source>That is not it.</source>
        <translation>Das ist es nicht.</translation>
    </message>
    <message>
        <source>That is not it: the answer is %1.</source>
        <translation>Das ist es nicht: Die Antwort ist %1.</translation>
    </message>
    <message>
        <source>Good! The answer was %1. Go on.</source>
        <translation>Gut! Die Antwort war %1. Weiter so.</translation>
    </message>
    <message>
        <source>Solved!</source>
        <translation>Gelöst!</translation>
    </message>
    <message>
        <source>Solved with a hint: it counts half.</source>
        <translation>Mit Tipp gelöst: Das zählt halb.</translation>
    </message>
    <message>
        <source>Solved with a hint.</source>
        <translation>Mit Tipp gelöst.</translation>
    </message>
    <message>
        <source>Solved, but not on the first try.</source>
        <translation>Gelöst, aber nicht im ersten Versuch.</translation>
    </message>
    <message>
        <source>Shows the piece to move; the puzzle, solved then, counts half</source>
        <translation>Zeigt den Stein, der ziehen muss; die danach gelöste Aufgabe zählt halb</translation>
    </message>
    <message>
        <source>Shows the piece to move (your own puzzles are not rated)</source>
        <translation>Zeigt den Stein, der ziehen muss (deine eigenen Aufgaben werden nicht gewertet)</translation>
    </message>
    <message>
        <source>Timed run (%1 minutes)</source>
        <translation>Lauf auf Zeit (%1 Minuten)</translation>
    </message>
    <message>
        <source>Timed run (1 minute)</source>
        <translation>Lauf auf Zeit (1 Minute)</translation>
    </message>
    <message>
        <source>Timed run (%1 seconds)</source>
        <translation>Lauf auf Zeit (%1 Sekunden)</translation>
    </message>
    <message>
        <source>Solve as many puzzles as you can; a mistake costs %1 seconds, a hint %2 seconds</source>
        <translation>Löse so viele Aufgaben wie möglich; ein Fehler kostet %1 Sekunden, ein Tipp %2 Sekunden</translation>
    </message>
    <message>
        <source>%1&apos;s puzzle rating: %2 (±%3)</source>
        <translation>Aufgaben-Wertung von %1: %2 (±%3)</translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation>%1 Punkte</translation>
    </message>
    <message>
        <source>Move the piece on %1.</source>
        <translation>Zieh den Stein auf %1.</translation>
    </message>
    <message>
        <source>Hint used: %1 seconds off the clock; this puzzle counts half for your rating.</source>
        <translation>Tipp genommen: %1 Sekunden weniger auf der Uhr; die Aufgabe zählt für deine Wertung halb.</translation>
    </message>
    <message>
        <source>Hint used: %1 seconds off the clock.</source>
        <translation>Tipp genommen: %1 Sekunden weniger auf der Uhr.</translation>
    </message>
    <message>
        <source>Hint used: this puzzle counts half for your rating.</source>
        <translation>Tipp genommen: Die Aufgabe zählt für deine Wertung halb.</translation>
    </message>
    <message>
        <source>Time left: %1 · solved: %2</source>
        <translation>Restzeit: %1 · gelöst: %2</translation>
    </message>
    <message>
        <source>Run stopped: solved %1, mistakes %2.</source>
        <translation>Lauf beendet: gelöst %1, Fehler %2.</translation>
    </message>
    <message>
        <source>Time is up: solved %1, mistakes %2.</source>
        <translation>Die Zeit ist um: gelöst %1, Fehler %2.</translation>
    </message>
    <message>
        <source>Solved after a hint: %1.</source>
        <translation>Davon mit Tipp gelöst: %1.</translation>
    </message>
    <message>
        <source>A new best run!</source>
        <translation>Ein neuer Bestwert!</translation>
    </message>
    <message>
        <source>You may finish the last puzzle at leisure (it counts as an ordinary one), take the next puzzle or start a new run.</source>
        <translation>Du kannst die letzte Aufgabe in Ruhe zu Ende lösen (sie zählt wie eine gewöhnliche), die nächste Aufgabe nehmen oder einen neuen Lauf beginnen.</translation>
    </message>
    <message>
        <source>Take the next puzzle or start a new run.</source>
        <translation>Nimm die nächste Aufgabe oder beginne einen neuen Lauf.</translation>
    </message>
    <message>
        <source>Last run: %1 solved, %2</source>
        <translation>Letzter Lauf: %1 gelöst, %2</translation>
    </message>
    <message>
        <source>Wrong: %1 seconds off the clock.</source>
        <translation>Falsch: %1 Sekunden weniger auf der Uhr.</translation>
    </message>
    <message>
        <source>%1 of %2 puzzles match</source>
        <translation>%1 von %2 Aufgaben passen</translation>
    </message>
    <message>
        <source>From a game the computer played against itself, after %1 plies</source>
        <translation>Aus einer Partie des Computers gegen sich selbst, nach %1 Halbzügen</translation>
    </message>
    <message>
        <source>From your game %1 in %2, move %3: %4</source>
        <translation>Aus deiner Partie %1 in %2, Zug %3: %4</translation>
    </message>
    <message>
        <source>From %1, game %2, after %3 plies</source>
        <translation>Aus %1, Partie %2, nach %3 Halbzügen</translation>
    </message>
    <message>
        <source>From: %1</source>
        <translation>Aus: %1</translation>
    </message>
</context>
<context>
    <name>RuleTexts</name>
    <message>
        <source>Moving</source>
        <translation>Ziehen</translation>
    </message>
    <message>
        <source>Capturing</source>
        <translation>Schlagen</translation>
    </message>
    <message>
        <source>Kings</source>
        <translation>Damen</translation>
    </message>
    <message>
        <source>Draw (nobody wins)</source>
        <translation>Remis (unentschieden)</translation>
    </message>
    <message>
        <source>Who moves first</source>
        <translation>Wer beginnt</translation>
    </message>
    <message>
        <source>Touch-move: a piece picked up must move</source>
        <translation>Berührt – geführt: Ein aufgenommener Stein muss ziehen</translation>
    </message>
    <message>
        <source>Men also capture backward</source>
        <translation>Steine schlagen auch rückwärts</translation>
    </message>
    <message>
        <source>Men may capture kings</source>
        <translation>Steine dürfen Damen schlagen</translation>
    </message>
    <message>
        <source>Flying kings (move any distance)</source>
        <translation>Fliegende Damen (ziehen beliebig weit)</translation>
    </message>
    <message>
        <source>Where a flying king lands</source>
        <translation>Wo die Dame nach dem Sprung landet</translation>
    </message>
    <message>
        <source>A king must land where it can capture again</source>
        <translation>Die Dame muss dort landen, wo sie weiterschlagen kann</translation>
    </message>
    <message>
        <source>With several captures</source>
        <translation>Bei mehreren Schlägen</translation>
    </message>
    <message>
        <source>A man crowned while capturing</source>
        <translation>Stein wird mitten im Schlagen zur Dame</translation>
    </message>
    <message>
        <source>Huffing (blowing away a piece)</source>
        <translation>Blasen (Stein wegnehmen)</translation>
    </message>
    <message>
        <source>Giveaway: whoever loses all pieces wins</source>
        <translation>Schlagdame: Wer alle Steine verliert, gewinnt</translation>
    </message>
    <message>
        <source>Draw when a position repeats</source>
        <translation>Remis bei Stellungswiederholung</translation>
    </message>
    <message>
        <source>Draw after moves without a capture</source>
        <translation>Remis nach Zügen ohne Schlag</translation>
    </message>
    <message>
        <source>A move with a man starts the count again</source>
        <translation>Ein Zug mit einem einfachen Stein beginnt die Zählung neu</translation>
    </message>
    <message>
        <source>A new king starts the count again</source>
        <translation>Eine neue Dame beginnt die Zählung neu</translation>
    </message>
    <message>
        <source>Short endgames (international rule)</source>
        <translation>Kurze Endspiele (internationale Regel)</translation>
    </message>
    <message>
        <source>Endgames (Russian rules)</source>
        <translation>Endspiele (russische Regeln)</translation>
    </message>
    <message>
        <source>Three kings against one: moves to win</source>
        <translation>Drei Damen gegen eine: Züge zum Gewinnen</translation>
    </message>
    <message>
        <source>Three kings against one on the long diagonal</source>
        <translation>Drei Damen gegen eine auf der langen Diagonale</translation>
    </message>
    <message>
        <source>One piece each is a draw</source>
        <translation>Ein Stein gegen einen ist remis</translation>
    </message>
    <message>
        <source>Which colour makes the first move of the game.</source>
        <translation>Welche Farbe den ersten Zug der Partie macht.</translation>
    </message>
    <message>
        <source>Whoever picks up a piece that can move must move it: putting it back and taking another one is not allowed.</source>
        <translation>Wer einen Stein aufnimmt, der ziehen kann, muss mit ihm ziehen: Zurücklegen und einen anderen nehmen ist nicht erlaubt.</translation>
    </message>
    <message>
        <source>A plain piece (not a king) may also jump backward when it captures. It still moves forward only.</source>
        <translation>Ein einfacher Stein (keine Dame) darf beim Schlagen auch rückwärts springen. Ziehen darf er weiter nur vorwärts.</translation>
    </message>
    <message>
        <source>Off: only a king can capture a king, as in Italian draughts.</source>
        <translation>Aus: Nur eine Dame kann eine Dame schlagen, wie in der italienischen Dame.</translation>
    </message>
    <message>
        <source>A king moves and captures any number of free squares along a diagonal. Off: a king moves one square, forward or backward, as in English checkers.</source>
        <translation>Eine Dame zieht und schlägt schräg beliebig weit über freie Felder. Aus: Eine Dame zieht nur ein Feld, vorwärts oder rückwärts, wie bei der englischen Dame (Checkers).</translation>
    </message>
    <message>
        <source>After jumping a piece, a flying king may stop on any free square beyond it (Schmidt), must stop right behind it (ASS Altenburger), or only at the end of the capture right behind the last piece.</source>
        <translation>Nach dem Sprung über einen Stein darf eine fliegende Dame auf jedem freien Feld dahinter stehen bleiben (Schmidt), muss direkt dahinter landen (ASS Altenburger) oder erst am Ende des Schlags direkt hinter dem letzten Stein.</translation>
    </message>
    <message>
        <source>If the king can capture again from some of its landing squares, it must pick one of those.</source>
        <translation>Kann die Dame von einigen ihrer Landefelder aus weiterschlagen, muss sie eines davon wählen.</translation>
    </message>
    <message>
        <source>Capturing is compulsory. This says which capture may be chosen when there are several: any of them, the one that takes the most pieces, or the Italian, Spanish or Czech order (most pieces, then with a king or the most kings; Czech: a king captures first).</source>
        <translation>Schlagen ist Pflicht. Hier steht, welchen Schlag man bei mehreren wählen darf: einen beliebigen, den mit den meisten Steinen oder nach italienischer, spanischer oder tschechischer Reihenfolge (die meisten Steine, dann mit der Dame oder die meisten Damen; tschechisch: die Dame schlägt zuerst).</translation>
    </message>
    <message>
        <source>A man that reaches the far row in the middle of a capture and could capture on: it becomes a king and the move ends, it becomes a king and captures on, or it captures on as a man and becomes a king only if the move ends there.</source>
        <translation>Ein Stein erreicht mitten im Schlagen die gegnerische Grundreihe und könnte weiterschlagen: Er wird Dame und der Zug endet, er wird Dame und schlägt weiter, oder er schlägt als Stein weiter und wird nur Dame, wenn der Zug dort endet.</translation>
    </message>
    <message>
        <source>A missed capture still counts as a move. The opponent then chooses: let it stand, blow the piece away (take it off the board), or demand the capture. Off: whoever can capture must capture, other moves are refused.</source>
        <translation>Ein übersehener Schlag zählt trotzdem als Zug. Der Gegner wählt dann: gelten lassen, den Stein blasen (vom Brett nehmen) oder den Schlag verlangen. Aus: Wer schlagen kann, muss schlagen; andere Züge gehen nicht.</translation>
    </message>
    <message>
        <source>The other way round: whoever has lost all pieces or cannot move any more wins.</source>
        <translation>Andersherum: Wer alle Steine verloren hat oder nicht mehr ziehen kann, gewinnt. Auch Verkehrte Dame genannt.</translation>
    </message>
    <message>
        <source>Draw when the same position comes up this many times with the same player to move. 0 = never.</source>
        <translation>Remis, wenn dieselbe Stellung so oft mit demselben Spieler am Zug vorkommt. 0 = nie.</translation>
    </message>
    <message>
        <source>Draw after this many half-moves without a capture. A half-move is one player&apos;s move: 80 half-moves are 40 moves by each player. 0 = never.</source>
        <translation>Remis nach so vielen Halbzügen ohne Schlag. Ein Halbzug ist der Zug eines Spielers: 80 Halbzüge sind 40 Züge jedes Spielers. 0 = nie.</translation>
    </message>
    <message>
        <source>Only king moves count towards this draw: when a plain piece moves, counting starts from zero again (English and international rules).</source>
        <translation>Für dieses Remis zählen nur Damenzüge: Zieht ein einfacher Stein, beginnt die Zählung wieder bei null (englische und internationale Regeln).</translation>
    </message>
    <message>
        <source>When a man becomes a king, counting starts from zero again (German rule: 80 half-moves without a capture and without a new king).</source>
        <translation>Wird ein Stein zur Dame, beginnt die Zählung wieder bei null (deutsche Regel: 80 Halbzüge ohne Schlag und ohne neue Dame).</translation>
    </message>
    <message>
        <source>A lone king against a king with up to two more pieces: draw unless won within 16 moves each (three pieces) or 5 moves each (one or two pieces).</source>
        <translation>Eine einzelne Dame gegen eine Dame mit bis zu zwei weiteren Steinen: remis, wenn nicht innerhalb von 16 Zügen je Spieler (drei Steine) oder 5 Zügen je Spieler (ein oder zwei Steine) gewonnen.</translation>
    </message>
    <message>
        <source>A lone king against three pieces with a king while it stands on the long diagonal, or against two: draw after 5 moves each. Kings on both sides and 4 to 7 pieces on the board: draw after 30 or 60 moves each.</source>
        <translation>Eine einzelne Dame gegen drei Steine mit Dame, solange sie auf der langen Diagonale steht, oder gegen zwei: remis nach 5 Zügen je Spieler. Damen auf beiden Seiten und 4 bis 7 Steine auf dem Brett: remis nach 30 oder 60 Zügen je Spieler.</translation>
    </message>
    <message>
        <source>With three or more kings against a lone king, the stronger side must win within this many of its own moves, or the game is a draw. 0 = no limit.</source>
        <translation>Mit drei oder mehr Damen gegen eine einzelne Dame muss die stärkere Seite in so vielen eigenen Zügen gewinnen, sonst ist die Partie remis. 0 = keine Grenze.</translation>
    </message>
    <message>
        <source>Old German rule: three kings against one king that stands on the long diagonal a1–h8 is a draw, unless the lone king can be captured at once.</source>
        <translation>Alte deutsche Regel: Drei Damen gegen eine Dame, die auf der langen Diagonale a1–h8 steht, sind remis, außer die einzelne Dame lässt sich sofort schlagen.</translation>
    </message>
    <message>
        <source>Turkish rule: when each side has a single piece left, man or king, the game is a draw at once.</source>
        <translation>Türkische Regel: Hat jede Seite nur noch einen Stein, ob Stein oder Dame, ist die Partie sofort remis.</translation>
    </message>
    <message>
        <source>any free square beyond</source>
        <translation>beliebig weit dahinter</translation>
    </message>
    <message>
        <source>right behind the piece</source>
        <translation>direkt hinter dem Stein</translation>
    </message>
    <message>
        <source>right behind the last piece</source>
        <translation>direkt hinter dem letzten Stein</translation>
    </message>
    <message>
        <source>free choice</source>
        <translation>freie Wahl</translation>
    </message>
    <message>
        <source>take the most pieces</source>
        <translation>die meisten Steine schlagen</translation>
    </message>
    <message>
        <source>Italian order</source>
        <translation>italienische Reihenfolge</translation>
    </message>
    <message>
        <source>Spanish order</source>
        <translation>spanische Reihenfolge</translation>
    </message>
    <message>
        <source>a king captures first (Czech)</source>
        <translation>die Dame schlägt zuerst (tschechisch)</translation>
    </message>
    <message>
        <source>becomes a king, the move ends</source>
        <translation>wird Dame, der Zug endet</translation>
    </message>
    <message>
        <source>becomes a king and captures on</source>
        <translation>wird Dame und schlägt weiter</translation>
    </message>
    <message>
        <source>captures on as a man</source>
        <translation>schlägt als Stein weiter</translation>
    </message>
    <message>
        <source> times</source>
        <translation>-mal</translation>
    </message>
    <message>
        <source> half-moves</source>
        <translation> Halbzüge</translation>
    </message>
    <message>
        <source> moves</source>
        <translation> Züge</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>keine Grenze</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>men also capture backward</source>
        <translation>Steine schlagen auch rückwärts</translation>
    </message>
    <message>
        <source>men capture forward only</source>
        <translation>Steine schlagen nur vorwärts</translation>
    </message>
    <message>
        <source>men may capture kings</source>
        <translation>Steine dürfen Damen schlagen</translation>
    </message>
    <message>
        <source>only kings capture kings</source>
        <translation>nur Damen schlagen Damen</translation>
    </message>
    <message>
        <source>flying kings</source>
        <translation>fliegende Damen</translation>
    </message>
    <message>
        <source>kings move one square</source>
        <translation>Damen ziehen nur ein Feld</translation>
    </message>
    <message>
        <source>a king must land where it can capture again</source>
        <translation>die Dame muss zum Weiterschlagen landen</translation>
    </message>
    <message>
        <source>a king may land on any square after a jump</source>
        <translation>die Dame darf nach dem Sprung beliebig landen</translation>
    </message>
    <message>
        <source>with huffing</source>
        <translation>mit Blasen</translation>
    </message>
    <message>
        <source>no huffing</source>
        <translation>ohne Blasen</translation>
    </message>
    <message>
        <source>giveaway (losing all pieces wins)</source>
        <translation>Schlagdame (wer alle Steine verliert, gewinnt)</translation>
    </message>
    <message>
        <source>no giveaway</source>
        <translation>keine Schlagdame</translation>
    </message>
    <message>
        <source>a move with a man restarts the draw count</source>
        <translation>ein Zug mit einem einfachen Stein zählt für das Remis neu</translation>
    </message>
    <message>
        <source>a move with a man does not restart the draw count</source>
        <translation>ein Zug mit einem einfachen Stein zählt für das Remis nicht neu</translation>
    </message>
    <message>
        <source>a new king restarts the draw count</source>
        <translation>eine neue Dame zählt für das Remis neu</translation>
    </message>
    <message>
        <source>a new king does not restart the draw count</source>
        <translation>eine neue Dame zählt für das Remis nicht neu</translation>
    </message>
    <message>
        <source>short endgames are drawn (international rule)</source>
        <translation>kurze Endspiele sind remis (internationale Regel)</translation>
    </message>
    <message>
        <source>no short-endgame rule</source>
        <translation>ohne Regel für kurze Endspiele</translation>
    </message>
    <message>
        <source>Russian endgame rules</source>
        <translation>russische Endspielregeln</translation>
    </message>
    <message>
        <source>no Russian endgame rules</source>
        <translation>ohne russische Endspielregeln</translation>
    </message>
    <message>
        <source>three kings against one on the long diagonal: draw</source>
        <translation>drei Damen gegen eine auf der langen Diagonale: remis</translation>
    </message>
    <message>
        <source>no draw for three kings against one on the long diagonal</source>
        <translation>kein Remis bei drei Damen gegen eine auf der langen Diagonale</translation>
    </message>
    <message>
        <source>one piece each: draw</source>
        <translation>ein Stein gegen einen: remis</translation>
    </message>
    <message>
        <source>no draw for one piece each</source>
        <translation>kein Remis bei einem Stein gegen einen</translation>
    </message>
    <message>
        <source>touch-move (a piece picked up must move)</source>
        <translation>berührt – geführt (ein aufgenommener Stein muss ziehen)</translation>
    </message>
    <message>
        <source>no touch-move</source>
        <translation>ohne „berührt – geführt“</translation>
    </message>
    <message>
        <source>%1 moves first</source>
        <translation>%1 beginnt</translation>
    </message>
    <message>
        <source>no draw by repetition</source>
        <translation>kein Remis durch Wiederholung</translation>
    </message>
    <message>
        <source>draw when a position comes up %1 times</source>
        <translation>remis, wenn eine Stellung %1-mal vorkommt</translation>
    </message>
    <message>
        <source>no draw for moves without a capture</source>
        <translation>kein Remis für Züge ohne Schlag</translation>
    </message>
    <message>
        <source>draw after %1 half-moves without a capture</source>
        <translation>remis nach %1 Halbzügen ohne Schlag</translation>
    </message>
    <message>
        <source>no move limit for three kings against one</source>
        <translation>keine Zuggrenze für drei Damen gegen eine</translation>
    </message>
    <message>
        <source>three kings against one must win within %1 moves</source>
        <translation>drei Damen gegen eine müssen in %1 Zügen gewinnen</translation>
    </message>
    <message>
        <source>%1 + %2</source>
        <translation>%1 + %2</translation>
    </message>
    <message>
        <source>The new rules are played on another board.</source>
        <translation>Die neuen Regeln werden auf einem anderen Brett gespielt.</translation>
    </message>
    <message>
        <source>The new rules number and turn the board differently.</source>
        <translation>Bei den neuen Regeln liegt und zählt das Brett anders.</translation>
    </message>
    <message>
        <source>The game is already over.</source>
        <translation>Die Partie ist schon zu Ende.</translation>
    </message>
    <message>
        <source>A man stands on the row where it would have been crowned.</source>
        <translation>Ein Stein steht auf der Reihe, auf der er zur Dame geworden wäre.</translation>
    </message>
    <message>
        <source>A huffing decision is still open: decide it first.</source>
        <translation>Beim Blasen ist noch eine Entscheidung offen: Triff sie zuerst.</translation>
    </message>
    <message>
        <source>Towers stand on the board, and the new rules have none.</source>
        <translation>Auf dem Brett stehen Türme, und die neuen Regeln kennen keine.</translation>
    </message>
</context>
<context>
    <name>RulesDialog</name>
    <message>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <source>Start from:</source>
        <translation>Ausgehend von:</translation>
    </message>
    <message>
        <source>Start from</source>
        <translation>Ausgehend von</translation>
    </message>
    <message>
        <source>These rules:</source>
        <translation>Diese Regeln:</translation>
    </message>
    <message>
        <source>New rules</source>
        <translation>Neue Regeln</translation>
    </message>
    <message>
        <source>The rules are now: %1.</source>
        <translation>Die Regeln sind jetzt: %1.</translation>
    </message>
    <message>
        <source>Go on with this game from the current position under the new rules, or start a new game?</source>
        <translation>Diese Partie ab der jetzigen Stellung mit den neuen Regeln weiterspielen oder eine neue Partie beginnen?</translation>
    </message>
    <message>
        <source>&amp;Go on from here</source>
        <translation>&amp;Von hier weiterspielen</translation>
    </message>
    <message>
        <source>Start a new game with the new rules? The current game ends.</source>
        <translation>Eine neue Partie mit den neuen Regeln beginnen? Die laufende Partie endet.</translation>
    </message>
    <message>
        <source>Start a &amp;new game</source>
        <translation>&amp;Neue Partie beginnen</translation>
    </message>
    <message>
        <source>&amp;Keep the game</source>
        <translation>Partie &amp;behalten</translation>
    </message>
</context>
<context>
    <name>ScoresDialog</name>
    <message>
        <source>Reset the score table</source>
        <translation>Punktetabelle zurücksetzen</translation>
    </message>
    <message>
        <source>Forget every result in the score table? This cannot be undone.</source>
        <translation>Alle Ergebnisse der Punktetabelle vergessen? Das lässt sich nicht rückgängig machen.</translation>
    </message>
    <message>
        <source>Score table</source>
        <translation>Punktetabelle</translation>
    </message>
    <message>
        <source>The score table could not be saved: %1</source>
        <translation>Die Punktetabelle konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Last games</source>
        <translation>Letzte Partien</translation>
    </message>
    <message>
        <source>Last games of %1 against %2</source>
        <translation>Letzte Partien von %1 gegen %2</translation>
    </message>
    <message>
        <source>Last games against %1</source>
        <translation>Die letzten Partien gegen %1</translation>
    </message>
    <message>
        <source>Last games against the computer (%1)</source>
        <translation>Letzte Partien gegen den Computer (%1)</translation>
    </message>
    <message>
        <source>%1 won</source>
        <translation>%1 hat gewonnen</translation>
    </message>
    <message>
        <source>Draw</source>
        <translation>Remis</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Du</translation>
    </message>
    <message>
        <source>The computer won</source>
        <translation>Der Computer hat gewonnen</translation>
    </message>
    <message>
        <source>The score table file was damaged; the table starts empty.</source>
        <translation>Die Datei der Punktetabelle war beschädigt; die Tabelle beginnt leer.</translation>
    </message>
    <message>
        <source>Some results in the score table could not be read and were left out (%1).</source>
        <translation>Einige Ergebnisse der Punktetabelle waren nicht lesbar und wurden weggelassen (%1).</translation>
    </message>
    <message>
        <source>The score table file could not be read.</source>
        <translation>Die Datei der Punktetabelle konnte nicht gelesen werden.</translation>
    </message>
    <message>
        <source>The repaired score table could not be written back.</source>
        <translation>Die reparierte Punktetabelle konnte nicht zurückgeschrieben werden.</translation>
    </message>
    <message>
        <source>The score table comes from a newer version of Dame.</source>
        <translation>Die Punktetabelle stammt von einer neueren Version von Dame.</translation>
    </message>
    <message>
        <source>The old file was kept as %1.</source>
        <translation>Die alte Datei wurde als %1 aufbewahrt.</translation>
    </message>
    <message>
        <source>It could not be moved aside either: please remove or rename %1, so that Dame can save there again.</source>
        <translation>Sie ließ sich auch nicht beiseitelegen: Bitte löschen oder benennen Sie %1 um, damit Dame dort wieder speichern kann.</translation>
    </message>
    <message>
        <source>Hot seat</source>
        <translation>Am selben Brett</translation>
    </message>
    <message>
        <source>Against the computer</source>
        <translation>Gegen den Computer</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Opponent</source>
        <translation>Gegner</translation>
    </message>
    <message>
        <source>Wins</source>
        <translation>Siege</translation>
    </message>
    <message>
        <source>Draws</source>
        <translation>Remis</translation>
    </message>
    <message>
        <source>Losses</source>
        <translation>Niederlagen</translation>
    </message>
    <message>
        <source>Player won</source>
        <translation>Spieler gewann</translation>
    </message>
    <message>
        <source>Level or engine</source>
        <translation>Stufe oder Engine</translation>
    </message>
    <message>
        <source>Computer won</source>
        <translation>Computer gewann</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <source>No games have been counted yet. Hot-seat games count when both players have a name.</source>
        <translation>Noch keine Partien gezählt. Partien am selben Brett zählen, wenn beide Spieler einen Namen haben.</translation>
    </message>
    <message>
        <source>&amp;Reset…</source>
        <translation>&amp;Zurücksetzen…</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <source>(blown: %1)</source>
        <translation>(geblasen: %1)</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Rules of this game</source>
        <translation>&amp;Regeln dieser Partie</translation>
    </message>
    <message>
        <source>Strategy &amp;tips</source>
        <translation>Strategie-&amp;Tipps</translation>
    </message>
    <message>
        <source>&amp;Keyboard</source>
        <translation>Tast&amp;atur</translation>
    </message>
    <message>
        <source>&amp;Describe the position</source>
        <translation>Stellung &amp;beschreiben</translation>
    </message>
    <message>
        <source>Every piece with its square, as text (for screen readers)</source>
        <translation>Jeder Stein mit seinem Feld, als Text (für Bildschirmleser)</translation>
    </message>
    <message>
        <source>&amp;About Dame</source>
        <translation>&amp;Über Dame</translation>
    </message>
    <message>
        <source>The game was restored; moves played: %1.</source>
        <translation>Die Partie ist wiederhergestellt; gespielte Züge: %1.</translation>
    </message>
    <message>
        <source>Continue the game?</source>
        <translation>Partie fortsetzen?</translation>
    </message>
    <message>
        <source>The last game was not finished.</source>
        <translation>Die letzte Partie wurde nicht beendet.</translation>
    </message>
    <message>
        <source>Rules: %1</source>
        <translation>Regeln: %1</translation>
    </message>
    <message>
        <source>Moves played: %1</source>
        <translation>Gespielte Züge: %1</translation>
    </message>
    <message>
        <source>Saved: %1</source>
        <translation>Gespeichert: %1</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>Neue Partie</translation>
    </message>
    <message>
        <source>The old file was kept as %1.</source>
        <translation>Die alte Datei liegt jetzt unter %1.</translation>
    </message>
    <message>
        <source>It could not be moved aside either: please remove or rename %1, so that Dame can save there again.</source>
        <translation>Sie ließ sich auch nicht beiseitelegen: Bitte löschen oder benennen Sie %1 um, damit Dame dort wieder speichern kann.</translation>
    </message>
    <message>
        <source>Damaged files</source>
        <translation>Beschädigte Dateien</translation>
    </message>
    <message>
        <source>Some saved data could not be used.</source>
        <translation>Einige gespeicherte Daten ließen sich nicht verwenden.</translation>
    </message>
    <message>
        <source>The settings file was damaged; Dame starts with the default settings.</source>
        <translation>Die Einstellungsdatei war beschädigt; Dame startet mit den Standardeinstellungen.</translation>
    </message>
    <message>
        <source>The saved game was damaged and cannot be continued.</source>
        <translation>Die gespeicherte Partie war beschädigt und kann nicht fortgesetzt werden.</translation>
    </message>
    <message>
        <source>The list of recent files was damaged; it starts empty.</source>
        <translation>Die Liste der zuletzt geöffneten Dateien war beschädigt; sie beginnt leer.</translation>
    </message>
    <message>
        <source>The file %1 was damaged.</source>
        <translation>Die Datei %1 war beschädigt.</translation>
    </message>
    <message>
        <source>A setting had an invalid value and was reset: %1</source>
        <translation>Eine Einstellung hatte einen ungültigen Wert und wurde zurückgesetzt: %1</translation>
    </message>
    <message>
        <source>The setting %1 had an invalid value (%2) and was reset to %3; the other settings were kept.</source>
        <translation>Die Einstellung %1 hatte einen ungültigen Wert (%2) und wurde auf %3 zurückgesetzt; die anderen Einstellungen blieben erhalten.</translation>
    </message>
    <message>
        <source>Some entries of %1 could not be used and were left out: %2</source>
        <translation>Einige Einträge von %1 waren unbrauchbar und wurden weggelassen: %2</translation>
    </message>
    <message>
        <source>The file %1 could not be read.</source>
        <translation>Die Datei %1 ließ sich nicht lesen.</translation>
    </message>
    <message>
        <source>The repaired file %1 could not be written.</source>
        <translation>Die reparierte Datei %1 ließ sich nicht schreiben.</translation>
    </message>
    <message>
        <source>The settings come from a newer version of Dame; what this version does not know is ignored.</source>
        <translation>Die Einstellungen stammen von einer neueren Version von Dame; was diese Version nicht kennt, wird übergangen.</translation>
    </message>
    <message>
        <source>The saved game could only be restored up to a move that could not be read.</source>
        <translation>Die gespeicherte Partie ließ sich nur bis zu einem unlesbaren Zug wiederherstellen.</translation>
    </message>
    <message>
        <source>The restored game differs from what was recorded.</source>
        <translation>Die wiederhergestellte Partie weicht von der gespeicherten ab.</translation>
    </message>
    <message>
        <source>The game could not be saved: %1</source>
        <translation>Die Partie konnte nicht gesichert werden: %1</translation>
    </message>
    <message>
        <source>The saved game could not be removed, so it will be offered again at the next start: %1</source>
        <translation>Die gespeicherte Partie konnte nicht entfernt werden und wird beim nächsten Start wieder angeboten: %1</translation>
    </message>
    <message>
        <source>The settings could not be saved: %1</source>
        <translation>Die Einstellungen konnten nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>The position</source>
        <translation>Die Stellung</translation>
    </message>
</context>
<context>
    <name>SetupEditor</name>
    <message>
        <source>Set up a position</source>
        <translation>Stellung aufbauen</translation>
    </message>
    <message>
        <source>Rules:</source>
        <translation>Regeln:</translation>
    </message>
    <message>
        <source>Click a square to put the chosen piece there; click it again or right-click to take it away. Drag a piece from the list or from square to square; drag it off the board to remove it.</source>
        <translation>Klicke auf ein Feld, um den gewählten Stein dorthin zu setzen; ein zweiter Klick oder ein Rechtsklick nimmt ihn wieder weg. Ziehe einen Stein aus der Liste aufs Brett oder von Feld zu Feld; vom Brett gezogen ist er entfernt.</translation>
    </message>
    <message>
        <source>Empty square</source>
        <translation>Leeres Feld</translation>
    </message>
    <message>
        <source>To move:</source>
        <translation>Am Zug:</translation>
    </message>
    <message>
        <source>Towers: Shift+click puts the chosen piece at the bottom of the tower on that square; Shift+right-click takes the bottom piece away. A drag moves the whole tower.</source>
        <translation>Türme: Umschalt+Klick legt den gewählten Stein unten in den Turm auf diesem Feld; Umschalt+Rechtsklick nimmt den untersten Stein weg. Ziehen verschiebt den ganzen Turm.</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <source>Start position</source>
        <translation>Grundstellung</translation>
    </message>
    <message>
        <source>FEN:</source>
        <translation>FEN:</translation>
    </message>
    <message>
        <source>Read FEN</source>
        <translation>FEN übernehmen</translation>
    </message>
    <message>
        <source>Play from here</source>
        <translation>Von hier aus spielen</translation>
    </message>
    <message>
        <source>Save as PDN…</source>
        <translation>Als PDN speichern…</translation>
    </message>
    <message>
        <source>%1 king</source>
        <translation>Dame (%1)</translation>
    </message>
    <message>
        <source>%1 man</source>
        <translation>Stein (%1)</translation>
    </message>
    <message>
        <source>This FEN cannot be read: %1</source>
        <translation>Diese FEN lässt sich nicht lesen: %1</translation>
    </message>
    <message>
        <source>%1 has a man on %2, the row where it is crowned: make it a king or move it.</source>
        <translation>%1 hat einen Stein auf %2, der Reihe, auf der er zur Dame wird: Mach ihn zur Dame oder stell ihn woandershin.</translation>
    </message>
    <message>
        <source>%1 has men on %2, the row where they are crowned: make them kings or move them.</source>
        <translation>%1 hat Steine auf %2, der Reihe, auf der sie zu Damen werden: Mach sie zu Damen oder stell sie woandershin.</translation>
    </message>
    <message>
        <source>%1 has %2 pieces, but starts with %3 under these rules.</source>
        <translation>%1 hat %2 Steine, beginnt nach diesen Regeln aber mit %3.</translation>
    </message>
    <message>
        <source>The board is empty.</source>
        <translation>Das Brett ist leer.</translation>
    </message>
    <message>
        <source>%1 has no pieces: the game would be over at once. You can still save the position.</source>
        <translation>%1 hat keine Steine: die Partie wäre sofort zu Ende. Speichern kannst du die Stellung trotzdem.</translation>
    </message>
    <message>
        <source>%1 is to move but has no move: the game would be over at once. Choose the other side to move, or save the position.</source>
        <translation>%1 ist am Zug, kann aber nicht ziehen: die Partie wäre sofort zu Ende. Lass die andere Seite ziehen oder speichere die Stellung.</translation>
    </message>
</context>
<context>
    <name>StudyController</name>
    <message>
        <source>Game &amp;details…</source>
        <translation>Pa&amp;rtiedaten…</translation>
    </message>
    <message>
        <source>P&amp;romote variation to main line</source>
        <translation>Variante zur &amp;Hauptvariante machen</translation>
    </message>
    <message>
        <source>&amp;Delete variation</source>
        <translation>Variante &amp;löschen</translation>
    </message>
    <message>
        <source>Delete the moves &amp;after this one</source>
        <translation>Alle Züge &amp;danach löschen</translation>
    </message>
    <message>
        <source>&amp;Overwrite moves instead of adding variations</source>
        <translation>Züge ü&amp;berschreiben statt Varianten anzulegen</translation>
    </message>
    <message>
        <source>Next variation</source>
        <translation>Nächste Variante</translation>
    </message>
    <message>
        <source>Previous variation</source>
        <translation>Vorige Variante</translation>
    </message>
    <message>
        <source>This move is on the main line already.</source>
        <translation>Dieser Zug gehört schon zur Hauptvariante.</translation>
    </message>
    <message>
        <source>The main line is not a variation: use &apos;Delete the moves after this one&apos;.</source>
        <translation>Die Hauptvariante ist keine Nebenvariante: Nimm „Alle Züge danach löschen“.</translation>
    </message>
</context>
<context>
    <name>TablesStatus</name>
    <message>
        <source>Endgame tables %p %</source>
        <translation>Endspieltabellen %p %</translation>
    </message>
    <message>
        <source>Building the endgame tables for %1 (every ending of up to %2 pieces) in the background, for a few minutes; the computer plays on meanwhile and uses them once they are ready, as does the analysis.</source>
        <translation>Die Endspieltabellen für %1 (jedes Endspiel mit bis zu %2 Steinen) werden im Hintergrund erstellt, einige Minuten lang; der Computer spielt derweil weiter und nutzt sie, sobald sie fertig sind, ebenso die Analyse.</translation>
    </message>
    <message>
        <source>Endgame tables</source>
        <translation>Endspieltabellen</translation>
    </message>
    <message>
        <source>Stop building the endgame tables (what is built stays)</source>
        <translation>Erstellen der Endspieltabellen anhalten (was fertig ist, bleibt)</translation>
    </message>
</context>
<context>
    <name>TimeControlWidget</name>
    <message>
        <source>Own values</source>
        <translation>Eigene Werte</translation>
    </message>
    <message>
        <source>No clock</source>
        <translation>Keine Uhr</translation>
    </message>
    <message>
        <source>%1 min + %2 s per move (Fischer)</source>
        <translation>%1 Min. + %2 s pro Zug (Fischer)</translation>
    </message>
    <message>
        <source>%1 minutes (sudden death)</source>
        <translation>%1 Minuten (ohne Zeitzuschlag)</translation>
    </message>
    <message>
        <source>&amp;Clocks:</source>
        <translation>&amp;Uhren:</translation>
    </message>
    <message>
        <source>A &amp;different time for each player</source>
        <translation>Für jeden Spieler eine &amp;eigene Zeit</translation>
    </message>
    <message>
        <source> min</source>
        <translation> Min.</translation>
    </message>
    <message>
        <source>+ </source>
        <translation>+ </translation>
    </message>
    <message>
        <source> s per move</source>
        <translation> s pro Zug</translation>
    </message>
    <message>
        <source>Both players:</source>
        <translation>Beide Spieler:</translation>
    </message>
    <message>
        <source>First player</source>
        <translation>Erster Spieler</translation>
    </message>
    <message>
        <source>Second player</source>
        <translation>Zweiter Spieler</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1:</source>
        <translation>%1:</translation>
    </message>
</context>
<context>
    <name>TouchMove</name>
    <message>
        <source>&amp;Straighten</source>
        <translation>&amp;Zurechtrücken</translation>
    </message>
    <message>
        <source>Straighten a piece without moving it: press before touching the piece (touch-move rule)</source>
        <translation>Einen Stein nur zurechtrücken, ohne mit ihm zu ziehen: vor dem Berühren drücken (berührt – geführt)</translation>
    </message>
</context>
<context>
    <name>_AnalyseDialog</name>
    <message>
        <source>&amp;Time per move:</source>
        <translation>&amp;Zeit pro Zug:</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>How long the engine thinks about each position</source>
        <translation>Wie lange die Engine über jede Stellung nachdenkt</translation>
    </message>
    <message>
        <source>&amp;Analyse</source>
        <translation>&amp;Analysieren</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Press Analyse to start. The window stays usable meanwhile.</source>
        <translation>Mit „Analysieren“ beginnen. Das Fenster bleibt währenddessen benutzbar.</translation>
    </message>
    <message>
        <source>Analysing…</source>
        <translation>Analysiere …</translation>
    </message>
    <message>
        <source>Cancelled: nothing was changed.</source>
        <translation>Abgebrochen: Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>The analysis failed: %1</source>
        <translation>Die Analyse ist fehlgeschlagen: %1</translation>
    </message>
</context>
<context>
    <name>_Dock</name>
    <message>
        <source>Analysis</source>
        <translation>Analyse</translation>
    </message>
    <message>
        <source>Opening explorer</source>
        <translation>Eröffnungsbaum</translation>
    </message>
</context>
<context>
    <name>clipboard</name>
    <message>
        <source>the clipboard is empty</source>
        <translation>die Zwischenablage ist leer</translation>
    </message>
    <message>
        <source>not a FEN this program can read: %1</source>
        <translation>keine FEN, die dieses Programm lesen kann: %1</translation>
    </message>
    <message>
        <source>the clipboard holds neither a FEN nor a PDN game</source>
        <translation>die Zwischenablage enthält weder eine FEN noch eine PDN-Partie</translation>
    </message>
    <message>
        <source>not a readable PDN game: %1</source>
        <translation>keine lesbare PDN-Partie: %1</translation>
    </message>
</context>
<context>
    <name>texts</name>
    <message>
        <source>no pieces left</source>
        <translation>keine Steine mehr</translation>
    </message>
    <message>
        <source>no move left</source>
        <translation>kein Zug mehr möglich</translation>
    </message>
    <message>
        <source>the same position came up again (repetition)</source>
        <translation>dieselbe Stellung kam wieder (Wiederholung)</translation>
    </message>
    <message>
        <source>too many moves without a capture (move-count rule)</source>
        <translation>zu viele Züge ohne Schlag (Zugregel)</translation>
    </message>
    <message>
        <source>the endgame was not won in time</source>
        <translation>das Endspiel wurde nicht rechtzeitig gewonnen</translation>
    </message>
    <message>
        <source>three kings against one king on the long diagonal</source>
        <translation>drei Damen gegen eine Dame auf der langen Diagonale</translation>
    </message>
    <message>
        <source>one piece each (a draw by the rules)</source>
        <translation>jede Seite hat nur noch einen Stein (remis nach den Regeln)</translation>
    </message>
    <message>
        <source>agreed by both players</source>
        <translation>von beiden vereinbart</translation>
    </message>
    <message>
        <source>resignation</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>the time ran out</source>
        <translation>die Bedenkzeit ist abgelaufen</translation>
    </message>
    <message>
        <source>%1 with house rules</source>
        <translation>%1 mit Hausregeln</translation>
    </message>
    <message>
        <source>German (Schmidt)</source>
        <translation>Deutsch (Schmidt)</translation>
    </message>
    <message>
        <source>German (ASS Altenburger)</source>
        <translation>Deutsch (ASS Altenburger)</translation>
    </message>
    <message>
        <source>English draughts / American checkers</source>
        <translation>Englische Dame / Checkers</translation>
    </message>
    <message>
        <source>International (FMJD 10×10)</source>
        <translation>International (FMJD 10×10)</translation>
    </message>
    <message>
        <source>Russian (shashki)</source>
        <translation>Russisch (Schaschki)</translation>
    </message>
    <message>
        <source>Brazilian</source>
        <translation>Brasilianisch</translation>
    </message>
    <message>
        <source>Pool checkers</source>
        <translation>Pool Checkers</translation>
    </message>
    <message>
        <source>Italian</source>
        <translation>Italienisch</translation>
    </message>
    <message>
        <source>Spanish / Portuguese</source>
        <translation>Spanisch / Portugiesisch</translation>
    </message>
    <message>
        <source>Czech</source>
        <translation>Tschechisch</translation>
    </message>
    <message>
        <source>Turkish draughts</source>
        <translation>Türkische Dame</translation>
    </message>
    <message>
        <source>Bashni (column draughts)</source>
        <translation>Baschni (Säulendame)</translation>
    </message>
    <message>
        <source>Beginner</source>
        <translation>Anfänger</translation>
    </message>
    <message>
        <source>Easy</source>
        <translation>Leicht</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>Schwer</translation>
    </message>
    <message>
        <source>Master</source>
        <translation>Meister</translation>
    </message>
    <message>
        <source>the file is write-protected</source>
        <translation>die Datei ist schreibgeschützt</translation>
    </message>
    <message>
        <source>no file can be made in this folder</source>
        <translation>in diesem Ordner kann keine Datei angelegt werden</translation>
    </message>
    <message>
        <source>the folder does not exist</source>
        <translation>den Ordner gibt es nicht</translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation>der Datenträger ist voll</translation>
    </message>
    <message>
        <source>there is a folder or device at this place, not a file</source>
        <translation>an dieser Stelle ist ein Ordner oder Gerät, keine Datei</translation>
    </message>
    <message>
        <source>there is no such file</source>
        <translation>diese Datei gibt es nicht</translation>
    </message>
    <message>
        <source>the system does not allow it</source>
        <translation>das System erlaubt es nicht</translation>
    </message>
    <message>
        <source>the file is too big</source>
        <translation>die Datei ist zu groß</translation>
    </message>
    <message>
        <source>the game has no file yet</source>
        <translation>die Partie hat noch keine Datei</translation>
    </message>
    <message>
        <source>this is not a PDN file (it is not text)</source>
        <translation>das ist keine PDN-Datei (es ist kein Text)</translation>
    </message>
    <message>
        <source>an unknown problem</source>
        <translation>ein unbekanntes Problem</translation>
    </message>
</context>
</TS>
