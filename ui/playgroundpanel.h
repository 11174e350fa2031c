// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStringList>
#include <QWidget>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;
class QTableWidget;

namespace lens {

class Panel;
class PlaygroundQueueModel;
class PlaygroundRunner;

/// The window's Playground panel (issue 3 item 7): loads one of the shipped playground scripts
/// (resources/playground/*.play, embedded under :/playground) or a user's file, and steps
/// through it line by line — Step (runs the next line), Run (runs to the end), Reset — showing
/// after every line the queue (keys in Pop order, Deltas as the same coloured chips as the
/// DeltaFIFO view), the knownObjects store, HasSynced, and every output line, next to the
/// script line that printed it. The outputs are exactly what `informer-lens-play FILE` prints.
class PlaygroundPanel final : public QWidget {
    Q_OBJECT
public:
    explicit PlaygroundPanel(QWidget *parent = nullptr);
    ~PlaygroundPanel() override;

    /// Names of the shipped scripts (":/playground/NAME"), sorted.
    static QStringList shippedScripts();
    /// Loads shipped script `name` (e.g. "01-dedup-deletes.play"); false when unknown.
    bool loadShipped(const QString &name);
    /// Loads a script file; false (and a message in the panel) when it cannot be read.
    bool loadFile(const QString &path);

    PlaygroundRunner *runner() const { return m_runner; }
    PlaygroundQueueModel *queueModel() const { return m_queueModel; }
    QTableView *queueView() const { return m_queueView; }
    QTableWidget *scriptView() const { return m_script; }
    QPlainTextEdit *outputView() const { return m_output; }
    QPushButton *stepButton() const { return m_stepButton; }
    QPushButton *runButton() const { return m_runButton; }
    QPushButton *resetButton() const { return m_resetButton; }
    QComboBox *scriptChooser() const { return m_chooser; }

protected:
    void changeEvent(QEvent *e) override;
    void resizeEvent(QResizeEvent *e) override;

private:
    void refresh();
    /// The Output column as wide as its widest output (at least its header, at most 45 % of
    /// the table); the Script column takes the rest.
    void fitOutputColumn();
    void retranslate();
    void openFile();

    PlaygroundRunner *m_runner;
    PlaygroundQueueModel *m_queueModel;
    Panel *m_panel = nullptr;
    QComboBox *m_chooser = nullptr;
    QPushButton *m_openButton = nullptr;
    QPushButton *m_stepButton = nullptr;
    QPushButton *m_runButton = nullptr;
    QPushButton *m_resetButton = nullptr;
    QLabel *m_state = nullptr;
    QLabel *m_known = nullptr;
    QLabel *m_queueTitle = nullptr;
    QLabel *m_outputTitle = nullptr;
    QTableWidget *m_script = nullptr;
    QTableView *m_queueView = nullptr;
    QPlainTextEdit *m_output = nullptr;
    QStringList m_shownLines; // the script the table rows show
};

} // namespace lens
