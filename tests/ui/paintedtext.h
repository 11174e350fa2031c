// SPDX-License-Identifier: Apache-2.0
// The texts a widget paints itself (paintEvent: the timeline, the pipeline), as a reader sees
// them: the widget is rendered into a paint device whose engine records every text item
// instead of drawing it, and items laid out side by side on one baseline (a mixed Chinese and
// Latin string is drawn as several runs) are joined again.
#pragma once

#include <QPaintDevice>
#include <QPaintEngine>
#include <QStringList>
#include <QTextItem>
#include <QWidget>

#include <vector>

namespace lens::test {

class PaintedTextRecorder final : public QPaintDevice {
public:
    explicit PaintedTextRecorder(QSize size) : m_size(size) {}
    ~PaintedTextRecorder() override = default;
    QPaintEngine *paintEngine() const override { return &m_engine; }

    /// Every text drawn, runs on one baseline that touch (within 3 px) joined.
    QStringList texts() const
    {
        QStringList out;
        const Run *prev = nullptr;
        for (const Run &r : m_engine.runs) {
            if (prev && qAbs(prev->y - r.y) < 0.5 && qAbs(prev->right - r.x) < 3.0)
                out.last() += r.text;
            else
                out << r.text;
            prev = &r;
        }
        return out;
    }

protected:
    int metric(PaintDeviceMetric m) const override
    {
        switch (m) {
        case PdmWidth:
            return m_size.width();
        case PdmHeight:
            return m_size.height();
        case PdmWidthMM:
            return m_size.width() * 254 / 960;
        case PdmHeightMM:
            return m_size.height() * 254 / 960;
        case PdmNumColors:
            return 0x7fffffff;
        case PdmDepth:
            return 32;
        case PdmDpiX:
        case PdmDpiY:
        case PdmPhysicalDpiX:
        case PdmPhysicalDpiY:
            return 96;
        case PdmDevicePixelRatio:
            return 1;
        case PdmDevicePixelRatioScaled:
            return int(devicePixelRatioFScale());
        }
        return 0;
    }

private:
    struct Run {
        double x = 0, y = 0, right = 0;
        QString text;
    };
    class Engine final : public QPaintEngine {
    public:
        Engine() : QPaintEngine(QPaintEngine::AllFeatures) {}
        bool begin(QPaintDevice *) override { return true; }
        bool end() override { return true; }
        void updateState(const QPaintEngineState &state) override
        {
            if (state.state() & QPaintEngine::DirtyTransform)
                transform = state.transform();
        }
        void drawTextItem(const QPointF &p, const QTextItem &item) override
        {
            const QPointF at = transform.map(p);
            runs.push_back(Run{at.x(), at.y(), at.x() + item.width(), item.text()});
        }
        void drawPixmap(const QRectF &, const QPixmap &, const QRectF &) override {}
        void drawPath(const QPainterPath &) override {}
        void drawPolygon(const QPointF *, int, PolygonDrawMode) override {}
        void drawPolygon(const QPoint *, int, PolygonDrawMode) override {}
        void drawRects(const QRectF *, int) override {}
        void drawRects(const QRect *, int) override {}
        void drawLines(const QLineF *, int) override {}
        void drawLines(const QLine *, int) override {}
        void drawEllipse(const QRectF &) override {}
        void drawEllipse(const QRect &) override {}
        void drawPoints(const QPointF *, int) override {}
        void drawPoints(const QPoint *, int) override {}
        void drawImage(const QRectF &, const QImage &, const QRectF &,
                       Qt::ImageConversionFlags) override
        {
        }
        void drawTiledPixmap(const QRectF &, const QPixmap &, const QPointF &) override {}
        Type type() const override { return QPaintEngine::User; }

        QTransform transform;
        std::vector<Run> runs;
    };
    QSize m_size;
    mutable Engine m_engine;
};

/// The texts `w` paints now (see PaintedTextRecorder).
inline QStringList paintedTexts(QWidget *w)
{
    PaintedTextRecorder device(w->size());
    w->render(&device, QPoint(), QRegion(), QWidget::DrawWindowBackground);
    return device.texts();
}

} // namespace lens::test
